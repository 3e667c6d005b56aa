import { useEffect } from 'react';
import type { Department } from '../shared/api/types';
import { useDepartmentsStore } from '../catalog/departmentsStore';

/** The catalog tree (shared store), loaded once `enabled` (after the page's own answer). */
export function useDepartmentTree(enabled: boolean): readonly Department[] {
  const departments = useDepartmentsStore((s) => s.departments);
  const status = useDepartmentsStore((s) => s.status);
  useEffect(() => {
    if (enabled && status === 'idle') void useDepartmentsStore.getState().load();
  }, [enabled, status]);
  return departments;
}
