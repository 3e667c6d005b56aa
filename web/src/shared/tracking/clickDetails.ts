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
  /**
   * The label of a control (button, link, tab, menu item, option, submit) or the text of an
   * element marked as a product, whitespace collapsed, cut to 100 characters. Never sent for
   * other elements (a paragraph may hold what a shopper wrote) nor from a form field.
   */
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

/** Elements whose text is a control's label. */
export const CONTROL_SELECTOR = [
  'button',
  'a',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="menuitem"]',
  'input[type="submit"]',
  'input[type="button"]',
  'option',
].join(', ');

/** Elements that mark a product (product cards, carousel tiles, the product page). */
export const PRODUCT_SELECTOR = '[data-blain-number]';

/** Where a shopper types: never read. */
const EDITABLE_SELECTOR = '[contenteditable]:not([contenteditable="false"])';
const FORM_FIELD_SELECTOR = `input, textarea, select, ${EDITABLE_SELECTOR}`;

/** Whether a text node lies in a form field below `root` (`root` itself was checked). */
function inFormField(node: Node, root: Element): boolean {
  for (let el = node.parentElement; el && el !== root; el = el.parentElement) {
    if (el.matches(FORM_FIELD_SELECTOR)) return true;
  }
  return false;
}

/** The text of `root`, leaving out whatever lies in a form field within it. */
function textOutsideFields(root: Element): string {
  if (!root.querySelector(FORM_FIELD_SELECTOR)) return root.textContent ?? '';
  let text = '';
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!inFormField(node, root)) text += node.nodeValue ?? '';
  }
  return text;
}

/**
 * The text of a clicked element that may be sent: a control's label (the clicked element's,
 * or that of the control it lies in) or the text of an element marked as a product. Nothing
 * for other elements, and never what a form field holds (inputs, textareas, selects,
 * editable content).
 */
export function labelText(element: Element): string | undefined {
  if (element.closest(EDITABLE_SELECTOR)) return undefined;
  const tag = element.tagName.toLowerCase();
  if (tag === 'input') {
    return element.matches(CONTROL_SELECTOR) ? (element.getAttribute('value') ?? '') : undefined;
  }
  if (tag === 'textarea' || tag === 'select') return undefined;
  const labelled =
    element.matches(CONTROL_SELECTOR) || element.matches(PRODUCT_SELECTOR)
      ? element
      : element.closest(CONTROL_SELECTOR);
  return labelled ? textOutsideFields(labelled) : undefined;
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
    const label = labelText(element);
    if (label !== undefined) details.element_text = cutText(label.replace(/\s+/g, ' ').trim());
  }
  return details;
}
