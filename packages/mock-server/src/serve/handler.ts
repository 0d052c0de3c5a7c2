/**
 * The mock's one way in: the control surface under `/__mock` (when enabled), else the service.
 * Composed here, under both the facade (`mock.handle`, `mock.fetch`) and the adapters, so neither
 * routes and the runtime stays free of HTTP routing.
 */
import { answerWithHead } from '../service/http/head.js';
import type { MockRuntime } from '../runtime/mock-runtime.js';
import { serveApi } from '../runtime/serve-api.js';
import { controlSurface } from './control/http.js';

/** Answers any request: HEAD wherever GET is (same status and headers, no body). */
export function handleRequest(runtime: MockRuntime, request: Request): Promise<Response> {
  return answerWithHead(request, (asked, method) => {
    const url = new URL(asked.url);
    if (runtime.control && (url.pathname === '/__mock' || url.pathname.startsWith('/__mock/'))) {
      return controlSurface(runtime, asked, url);
    }
    return serveApi(runtime, asked, url, method);
  });
}

/** Answers a request as the service would, never the control surface. */
export function handleApiRequest(runtime: MockRuntime, request: Request): Promise<Response> {
  return answerWithHead(request, (asked, method) => serveApi(runtime, asked, new URL(asked.url), method));
}
