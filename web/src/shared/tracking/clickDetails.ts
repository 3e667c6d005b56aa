/**
 * Click details for click-type tracking events (spec §3: "Click events also
 * carry mouse position, viewport size, scroll and element details, browser,
 * browser version and OS"). Flat snake_case keys, merged into the event JSON.
 */

export const ELEMENT_TEXT_MAX = 100;

export interface BrowserInfo {
  browser: string;
  browser_version: string;
  os: string;
}

export interface ClickDetails extends BrowserInfo {
  /** Pointer position in the viewport (clientX/clientY), when a pointer event is known. */
  mouse_x?: number;
  mouse_y?: number;
  viewport_w: number;
  viewport_h: number;
  scroll_x: number;
  scroll_y: number;
  element_tag?: string;
  element_id?: string;
  element_class?: string;
  /** The element's text, whitespace collapsed, cut to 100 characters. */
  element_text?: string;
}

/** A DOM mouse event or a React synthetic one (only these members are read). */
export interface ClickLike {
  clientX?: number;
  clientY?: number;
  target?: EventTarget | null;
  currentTarget?: EventTarget | null;
  nativeEvent?: { clientX?: number; clientY?: number };
}

function matchVersion(ua: string, pattern: RegExp): string {
  return pattern.exec(ua)?.[1] ?? '';
}

/** Browser name and version and the OS from a user-agent string. */
export function parseUserAgent(ua: string | null | undefined): BrowserInfo {
  const s = typeof ua === 'string' ? ua : '';
  let browser = 'Other';
  let version = '';
  const tests: Array<[string, RegExp]> = [
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
    ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /(?:HeadlessChrome|Chrome|CriOS|Chromium)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari\//],
    ['Internet Explorer', /(?:MSIE |Trident\/.*rv:)([\d.]+)/],
  ];
  for (const [name, pattern] of tests) {
    if (pattern.test(s)) {
      browser = name;
      version = matchVersion(s, pattern);
      break;
    }
  }

  let os = 'Other';
  if (/Windows/.test(s)) os = 'Windows';
  else if (/iPhone|iPad|iPod/.test(s)) os = 'iOS';
  else if (/Android/.test(s)) os = 'Android';
  else if (/CrOS/.test(s)) os = 'Chrome OS';
  else if (/Mac OS X|Macintosh/.test(s)) os = 'macOS';
  else if (/Linux/.test(s)) os = 'Linux';

  return { browser, browser_version: version, os };
}

function isElement(value: unknown): value is Element {
  return typeof Element !== 'undefined' && value instanceof Element;
}

/** Text cut to `max` characters (code points, so no pair is split). */
export function cutText(text: string, max = ELEMENT_TEXT_MAX): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') : text;
}

/**
 * The details of a click: pointer position, viewport, scroll, the clicked
 * element (the handler's element when known, else the event target) and
 * the browser. Without an event only viewport, scroll and browser are set.
 */
export function clickDetails(event?: ClickLike | null): ClickDetails {
  const details: ClickDetails = {
    viewport_w: window.innerWidth || document.documentElement?.clientWidth || 0,
    viewport_h: window.innerHeight || document.documentElement?.clientHeight || 0,
    scroll_x: Math.round(window.scrollX || window.pageXOffset || 0),
    scroll_y: Math.round(window.scrollY || window.pageYOffset || 0),
    ...parseUserAgent(typeof navigator !== 'undefined' ? navigator.userAgent : ''),
  };
  if (!event) return details;

  const x = event.clientX ?? event.nativeEvent?.clientX;
  const y = event.clientY ?? event.nativeEvent?.clientY;
  if (typeof x === 'number' && Number.isFinite(x)) details.mouse_x = Math.round(x);
  if (typeof y === 'number' && Number.isFinite(y)) details.mouse_y = Math.round(y);

  const element = isElement(event.currentTarget)
    ? event.currentTarget
    : isElement(event.target)
      ? event.target
      : null;
  if (element) {
    details.element_tag = element.tagName.toLowerCase();
    details.element_id = element.id || '';
    details.element_class = element.getAttribute('class') ?? '';
    details.element_text = cutText((element.textContent ?? '').replace(/\s+/g, ' ').trim());
  }
  return details;
}
