/** The service's answers: the OpenAPI document, or a request through the pipeline, journaled. */
import { createOpenApiDocument, OPENAPI_PATH } from '@commflow/contract';
import { DOCUMENT_PIPELINE, PIPELINE, runPipeline } from '../service/pipeline/index.js';
import { requestIdOf } from '../service/pipeline/request-id.js';
import type { MockRuntime } from './mock-runtime.js';
import { serviceRoot } from './service-root.js';
import { malformedError } from '../lib/malformed-request.js';
import { journalRecord } from './journal-record.js';

let openApiBody: string | undefined;

/** Answers `request` as the service would; the journal records it under `method` (HEAD for a HEAD answered as a GET). */
export async function serveApi(runtime: MockRuntime, request: Request, url: URL, method: string): Promise<Response> {
  // A request that is not valid HTTP gets no document: the pipeline refuses it.
  const direct = request.method === 'GET' && malformedError(request) === undefined;
  if (direct && url.pathname === OPENAPI_PATH) {
    openApiBody ??= JSON.stringify(createOpenApiDocument());
    return new Response(openApiBody, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestIdOf(request) },
    });
  }
  if (direct && url.pathname === '/') {
    return new Response(`${JSON.stringify(serviceRoot(url.origin, runtime.control), null, 2)}\n`, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestIdOf(request) },
    });
  }
  const { world } = runtime;
  const started = performance.now();
  const outcome = await runPipeline(world, request, url, url.pathname === OPENAPI_PATH ? DOCUMENT_PIPELINE : PIPELINE);
  const { journal } = world.state;
  if (journal.wanted) {
    journal.record(
      journalRecord(world, request, url, method, outcome, Math.round((performance.now() - started) * 1000) / 1000),
    );
  }
  return outcome.response;
}
