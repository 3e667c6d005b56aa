import { afterEach, describe, expect, it } from 'vitest';
import { isPreviewOn, previewCookie, previewIsOn, setPreview } from './cookie';

describe('the preview cookie', () => {
  afterEach(() => setPreview(false));

  it('on: sf_preview=1 for the whole site, Lax, Secure on https; off: expired', () => {
    expect(previewCookie(true, false)).toBe('sf_preview=1; Path=/; SameSite=Lax');
    expect(previewCookie(true, true)).toBe('sf_preview=1; Path=/; SameSite=Lax; Secure');
    expect(previewCookie(false, false)).toBe('sf_preview=; Path=/; SameSite=Lax; Max-Age=0');
    expect(previewCookie(false, true)).toBe('sf_preview=; Path=/; SameSite=Lax; Secure; Max-Age=0');
  });

  it('is read from the cookie header', () => {
    expect(isPreviewOn('a=1; sf_preview=1')).toBe(true);
    expect(isPreviewOn('sf_preview=0; other=1')).toBe(false);
    expect(isPreviewOn('xsf_preview=1')).toBe(false);
    expect(isPreviewOn('')).toBe(false);
  });

  it('is set and cleared in this browser', () => {
    expect(previewIsOn()).toBe(false);
    setPreview(true);
    expect(document.cookie).toContain('sf_preview=1');
    expect(previewIsOn()).toBe(true);
    setPreview(false);
    expect(previewIsOn()).toBe(false);
  });
});
