import { describe, expect, it, vi } from 'vitest';
import { clickDetails, cutText, parseUserAgent } from './clickDetails';

const UA = {
  chromeWin:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.6478.126 Safari/537.36',
};

describe('parseUserAgent', () => {
  it('names the browser, its version and the OS', () => {
    expect(parseUserAgent(UA.chromeWin)).toEqual({ browser: 'Chrome', browser_version: '126.0.6478.127', os: 'Windows' });
    expect(parseUserAgent(UA.edge)).toEqual({ browser: 'Edge', browser_version: '126.0.2592.87', os: 'Windows' });
    expect(parseUserAgent(UA.firefoxLinux)).toEqual({ browser: 'Firefox', browser_version: '127.0', os: 'Linux' });
    expect(parseUserAgent(UA.safariMac)).toEqual({ browser: 'Safari', browser_version: '17.5', os: 'macOS' });
    expect(parseUserAgent(UA.safariIphone)).toEqual({ browser: 'Safari', browser_version: '17.5', os: 'iOS' });
    expect(parseUserAgent(UA.chromeAndroid)).toEqual({
      browser: 'Chrome',
      browser_version: '126.0.6478.122',
      os: 'Android',
    });
    expect(parseUserAgent(UA.headless)).toMatchObject({ browser: 'Chrome', os: 'Linux' });
  });

  it('unknown or missing user agents', () => {
    expect(parseUserAgent('')).toEqual({ browser: 'Other', browser_version: '', os: 'Other' });
    expect(parseUserAgent(undefined)).toEqual({ browser: 'Other', browser_version: '', os: 'Other' });
  });
});

describe('clickDetails', () => {
  it('takes position, viewport, scroll, the clicked element and the browser', () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(UA.firefoxLinux);
    vi.stubGlobal('innerWidth', 1280);
    vi.stubGlobal('innerHeight', 800);
    vi.stubGlobal('scrollX', 0);
    vi.stubGlobal('scrollY', 240);
    const link = document.createElement('a');
    link.id = 'first';
    link.className = 'search-suggestions__link special';
    link.innerHTML = `<strong>Ro</strong>pe   &amp;\n Cord ${'x'.repeat(200)}`;
    document.body.append(link);

    let details: ReturnType<typeof clickDetails> | null = null;
    link.addEventListener('click', (event) => {
      details = clickDetails(event);
    });
    link.querySelector('strong')!.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 12.4, clientY: 34.6 }));

    expect(details).toEqual({
      mouse_x: 12,
      mouse_y: 35,
      viewport_w: 1280,
      viewport_h: 800,
      scroll_x: 0,
      scroll_y: 240,
      element_tag: 'a',
      element_id: 'first',
      element_class: 'search-suggestions__link special',
      element_text: `Rope & Cord ${'x'.repeat(88)}`,
      browser: 'Firefox',
      browser_version: '127.0',
      os: 'Linux',
    });
    expect(details!.element_text).toHaveLength(100);
    link.remove();
  });

  it('reads a React-style event (nativeEvent, currentTarget)', () => {
    const button = document.createElement('button');
    button.textContent = 'Go';
    const details = clickDetails({ nativeEvent: { clientX: 5, clientY: 6 }, currentTarget: button, target: button });
    expect(details).toMatchObject({ mouse_x: 5, mouse_y: 6, element_tag: 'button', element_id: '', element_text: 'Go' });
  });

  it('without an event: viewport, scroll and browser only', () => {
    const details = clickDetails();
    expect(details).not.toHaveProperty('mouse_x');
    expect(details).not.toHaveProperty('element_tag');
    expect(details).toHaveProperty('viewport_w');
    expect(details).toHaveProperty('browser');
  });

  it('cuts text by characters without splitting emoji', () => {
    expect(cutText('🐄'.repeat(150))).toBe('🐄'.repeat(100));
    expect(cutText('short')).toBe('short');
  });
});
