import { describe, expect, it } from 'vitest';
import { storeTitle } from './format';

describe('storeTitle', () => {
  it("is the server's title, which tells two stores of one city apart", () => {
    expect(storeTitle({ city: 'Madison', state: 'WI', title: 'Madison, WI – E Washington Ave' })).toBe(
      'Madison, WI – E Washington Ave',
    );
  });

  it("falls back to 'City, ST' when the answer has no title", () => {
    expect(storeTitle({ city: 'Janesville', state: 'WI' })).toBe('Janesville, WI');
    expect(storeTitle({ city: 'Janesville', state: 'WI', title: ' ' })).toBe('Janesville, WI');
  });
});
