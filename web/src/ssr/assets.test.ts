import { describe, expect, it } from 'vitest';
import { assetLinks, type Manifest } from './assets';

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, css: ['assets/index-a.css'], imports: ['_base.js'] },
  '_base.js': { file: 'assets/base-b.js', css: ['assets/base-b.css'] },
  'src/product/pages/ProductPage.tsx': {
    file: 'assets/ProductPage-c.js',
    css: ['assets/ProductPage-c.css'],
    imports: ['_base.js', 'index.html', '_money.js', '_price.js'],
  },
  '_money.js': { file: 'assets/money-d.js' },
  '_price.js': { file: 'assets/price-e.js', css: ['assets/price-e.css'], imports: ['_money.js'] },
};

describe('a server-rendered page’s links', () => {
  it('name its route chunk and its imports once, styles first, not what the entry loads', () => {
    expect(assetLinks(MANIFEST, ['src/product/pages/ProductPage.tsx'])).toBe(
      '<link rel="stylesheet" href="/assets/ProductPage-c.css">' +
        '<link rel="stylesheet" href="/assets/price-e.css">' +
        '<link rel="modulepreload" href="/assets/ProductPage-c.js">' +
        '<link rel="modulepreload" href="/assets/money-d.js">' +
        '<link rel="modulepreload" href="/assets/price-e.js">',
    );
  });

  it('are none for a module the build does not know', () => {
    expect(assetLinks(MANIFEST, ['src/nowhere.tsx'])).toBe('');
  });

  it('escape a file name in the attribute', () => {
    expect(assetLinks({ 'a.tsx': { file: 'assets/a"b.js' } }, ['a.tsx'])).toBe(
      '<link rel="modulepreload" href="/assets/a&quot;b.js">',
    );
  });
});
