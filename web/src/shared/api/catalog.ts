import { apiGet, NetworkError } from './client';
import type { Department } from './types';

export const DEPARTMENTS_URL = '/api/catalog/departments';

function isDepartment(value: unknown): value is Department {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  return (
    typeof d.id === 'number' &&
    typeof d.name === 'string' &&
    typeof d.url === 'string' &&
    (d.children === undefined || Array.isArray(d.children))
  );
}

function normalizeDepartments(value: unknown): Department[] {
  if (!Array.isArray(value)) {
    throw new NetworkError(200);
  }
  return value.filter(isDepartment).map((d) => ({
    id: d.id,
    name: d.name,
    url: d.url,
    children: normalizeDepartments(d.children ?? []),
  }));
}

/** The department tree; an empty list when the server answers 204. */
export async function fetchDepartments(signal?: AbortSignal): Promise<Department[]> {
  const body = await apiGet<unknown>(DEPARTMENTS_URL, signal);
  return body === undefined ? [] : normalizeDepartments(body);
}
