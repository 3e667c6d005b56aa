export { useDepartmentsStore, GENERIC_ERROR_MESSAGE } from './departmentsStore';
export type { LoadStatus } from './departmentsStore';
