/**
 * What `GET /` answers a client that is not a browser (a browser gets the console): where the
 * API is, instead of a bare 401 that makes a person wonder whether the server is broken.
 */
import { OPENAPI_PATH } from '@commflow/contract';

/** The signpost at the root URL. */
export function serviceRoot(origin: string, control: boolean): Record<string, string> {
  return {
    service: 'CommFlow API mock',
    api: `${origin}/api/v1/…  (send X-API-Key and X-Tenant-Id; most operations also X-User-Email)`,
    openapi: `${origin}${OPENAPI_PATH}`,
    ...(control
      ? { console: `${origin}/  (open it in a browser)`, control: `${origin}/__mock  (the control surface's routes)` }
      : {}),
  };
}
