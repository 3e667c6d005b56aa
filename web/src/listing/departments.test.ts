import { describe, expect, it } from 'vitest';
import type { Department } from '../shared/api/types';
import { looksLikeDepartmentPath, normalizeDepartmentUrl, trailById, trailByUrl } from './departments';

const TREE: Department[] = [
  {
    id: 1,
    name: 'Farm & Ranch',
    url: '/farm-ranch/',
    children: [
      {
        id: 101,
        name: 'Fencing',
        url: '/farm-ranch/fencing/',
        children: [{ id: 10101, name: 'Wire', url: '/farm-ranch/fencing/wire/', children: [] }],
      },
    ],
  },
  { id: 2, name: 'Pet', url: '/pet/', children: [] },
];

describe('departments', () => {
  it('normalizes URLs', () => {
    expect(normalizeDepartmentUrl('Farm-Ranch')).toBe('/farm-ranch/');
    expect(normalizeDepartmentUrl('/pet//')).toBe('/pet/');
  });

  it('tells paths that may be departments', () => {
    expect(looksLikeDepartmentPath('/farm-ranch/')).toBe(true);
    expect(looksLikeDepartmentPath('/farm-ranch/fencing')).toBe(true);
    expect(looksLikeDepartmentPath('/')).toBe(false);
    expect(looksLikeDepartmentPath('/a b/')).toBe(false);
    expect(looksLikeDepartmentPath('/x.php')).toBe(false);
  });

  it('finds the trail from the top', () => {
    expect(trailByUrl(TREE, '/farm-ranch/fencing/wire').map((d) => d.id)).toEqual([1, 101, 10101]);
    expect(trailById(TREE, '101').map((d) => d.name)).toEqual(['Farm & Ranch', 'Fencing']);
    expect(trailByUrl(TREE, '/nope/')).toEqual([]);
  });
});
