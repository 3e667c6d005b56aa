import { describe, expect, it, vi } from 'vitest';
import { clickDetails, cutText, labelText, parseUserAgent } from './clickDetails';

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

describe('element_text', () => {
  function clicked(html: string, selector: string) {
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const element = root.querySelector(selector)!;
    const details = clickDetails({ target: element, currentTarget: element });
    root.remove();
    return details;
  }

  it("is not sent for a paragraph's or a div's text with an email", () => {
    const paragraph = clicked('<p id="note">Write to jane.doe@example.com</p>', 'p');
    expect(paragraph).toMatchObject({ element_tag: 'p', element_id: 'note' });
    expect(paragraph).not.toHaveProperty('element_text');
    const div = clicked('<div class="review">Call me: jane@example.com, 608-555-0100</div>', 'div');
    expect(div).toMatchObject({ element_tag: 'div', element_class: 'review' });
    expect(div).not.toHaveProperty('element_text');
    expect(JSON.stringify([paragraph, div])).not.toContain('example.com');
  });

  it("is a button's label", () => {
    expect(clicked('<button type="button">  Add to\n cart </button>', 'button').element_text).toBe('Add to cart');
    expect(clicked('<span role="button">Close</span>', 'span').element_text).toBe('Close');
    expect(clicked('<div role="tab">Reviews</div>', 'div').element_text).toBe('Reviews');
    expect(clicked('<input type="submit" value="Sign up">', 'input').element_text).toBe('Sign up');
    // The target inside a link: the link's label.
    expect(clicked('<a href="/tires/"><strong>Ti</strong>res</a>', 'strong').element_text).toBe('Tires');
  });

  it('is the text of an element marked as a product', () => {
    const card = clicked('<li data-blain-number="100123"><h3>Layena Crumbles</h3> $24.99</li>', 'li');
    expect(card.element_text).toBe('Layena Crumbles $24.99');
  });

  it('never holds what a form field holds', () => {
    const form = `<form>
      <input id="email" type="email" value="jane@example.com">
      <textarea>call 608-555-0100</textarea>
      <select><option selected>jane@example.com</option></select>
      <div contenteditable="true"><b>jane@example.com</b></div>
      <button type="submit">Send<textarea>jane@example.com</textarea></button>
    </form>`;
    expect(clicked(form, 'input').element_text).toBeUndefined();
    expect(clicked(form, 'textarea').element_text).toBeUndefined();
    expect(clicked(form, 'select').element_text).toBeUndefined();
    expect(clicked(form, '[contenteditable] b').element_text).toBeUndefined();
    expect(clicked(form, 'button').element_text).toBe('Send');
    const root = document.createElement('div');
    root.innerHTML = '<p>jane@example.com</p>';
    expect(labelText(root.firstElementChild!)).toBeUndefined();
  });
});
