import { describe, expect, it } from 'vitest';
import { ariaCurrent, isCurrentPage } from './currentPage';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('isCurrentPage', () => {
  it('matches the same path, with or without the trailing slash', () => {
    expect(isCurrentPage(at('/faq/'), '/faq/')).toBe(true);
    expect(isCurrentPage(at('/faq'), '/faq/')).toBe(true);
    expect(isCurrentPage(at('/'), '/')).toBe(true);
  });

  it('does not match a parent or a child page', () => {
    expect(isCurrentPage(at('/farm-ranch/fencing/'), '/farm-ranch/')).toBe(false);
    expect(isCurrentPage(at('/farm-ranch/'), '/farm-ranch/fencing/')).toBe(false);
    expect(isCurrentPage(at('/blog/'), '/')).toBe(false);
  });

  it('needs the parameters a link carries, not those it does not', () => {
    expect(isCurrentPage(at('/s/', '?keyword=rope&pg=2'), '/s/?keyword=rope')).toBe(true);
    expect(isCurrentPage(at('/s/', '?keyword=twine'), '/s/?keyword=rope')).toBe(false);
    expect(isCurrentPage(at('/gift-cards/', '?utm=x'), '/gift-cards/')).toBe(true);
  });

  it('ignores the hash; other sites are never current', () => {
    expect(isCurrentPage(at('/faq/'), '/faq/#returns')).toBe(true);
    expect(isCurrentPage(at('/'), 'https://careers.example/')).toBe(false);
    expect(isCurrentPage(at('/'), '//cdn.example/')).toBe(false);
  });

  it('gives aria-current="page" or nothing', () => {
    expect(ariaCurrent(at('/cart/'), '/cart/')).toBe('page');
    expect(ariaCurrent(at('/cart/'), '/faq/')).toBeUndefined();
  });
});
