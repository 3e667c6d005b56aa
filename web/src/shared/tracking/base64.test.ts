import { describe, expect, it } from 'vitest';
import { base64ToUtf8, utf8ToBase64 } from './base64';

describe('base64 of UTF-8', () => {
  it('is standard base64 of the UTF-8 bytes', () => {
    expect(utf8ToBase64('')).toBe('');
    expect(utf8ToBase64('{"a":1}')).toBe('eyJhIjoxfQ==');
    // '+' and '/' of the standard alphabet (not the URL-safe one).
    expect(utf8ToBase64('\u00fb\u00ff')).toBe('w7vDvw==');
    expect(utf8ToBase64('>>>???')).toBe('Pj4+Pz8/');
  });

  it('round-trips non-ASCII text and matches Node', () => {
    const samples = [
      'plain',
      'Café crème — “quotes”',
      'Ñandú 🐄🚜 farm & home',
      '日本語のテキスト',
      JSON.stringify({ name: 'Men’s Boots 👢', keyword: 'bötе' }),
      'x'.repeat(100_000),
    ];
    for (const text of samples) {
      const encoded = utf8ToBase64(text);
      expect(encoded).toBe(Buffer.from(text, 'utf8').toString('base64'));
      expect(base64ToUtf8(encoded)).toBe(text);
    }
  });

  it('survives encodeURIComponent in a query string', () => {
    const encoded = utf8ToBase64('>>>???🐄');
    const params = new URLSearchParams(`t=${encodeURIComponent(encoded)}`);
    expect(base64ToUtf8(params.get('t')!)).toBe('>>>???🐄');
  });
});
