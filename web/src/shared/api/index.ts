export {
  apiGet,
  apiRequest,
  IDEMPOTENCY_KEY_HEADER,
  isValidIdempotencyKey,
  newIdempotencyKey,
  NetworkError,
  NETWORK_ERROR_MESSAGE,
} from './client';
export type { HttpMethod, RequestOptions } from './client';
export { fetchDepartments, DEPARTMENTS_URL } from './catalog';
export type { Department } from './types';
