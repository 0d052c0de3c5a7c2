/**
 * The whole world over HTTP: the index and the document of these routes, reset, scenarios,
 * snapshots, the export, the clock, faults and the heap.
 */
import { validationError } from '../../service/api-error.js';
import { controlIndex } from '../../control-api/index-view.js';
import { controlOpenApiDocument } from '../../control-api/openapi.js';
import { memoryReport } from '../../history/memory.js';
import { loadBaseline, loadScenario } from '../../runtime/baseline.js';
import { exportWorld } from '../../runtime/export.js';
import { resolveScenario } from '../../runtime/create-runtime.js';
import { restoreSnapshot, SnapshotError } from '../../runtime/snapshot/restore.js';
import { takeSnapshot } from '../../runtime/snapshot/take.js';
import { advanceClock, clockView } from '../../runtime/clock.js';
import { addOverride } from '../../runtime/overrides.js';
import { faultOverride } from '../../state/faults.js';
import { parseScenario, ScenarioError } from '../../scenario/parse.js';
import type { ControlHandlers } from './reply.js';

type WorldRouteId =
  | 'index'
  | 'openapi'
  | 'reset'
  | 'loadScenario'
  | 'snapshot'
  | 'restore'
  | 'exportScenario'
  | 'clock'
  | 'advanceClock'
  | 'injectFault'
  | 'memory';

/** The world's handlers. */
export const WORLD_HANDLERS: ControlHandlers<WorldRouteId> = {
  index: (_runtime, { origin }) => ({ data: controlIndex(origin) }),
  openapi: () => ({ data: controlOpenApiDocument() }),
  reset: (runtime) => {
    loadBaseline(runtime);
    return { data: { reset: true } };
  },
  loadScenario: (runtime, { body }) => {
    try {
      loadScenario(runtime, body === 'demo' ? resolveScenario('demo') : parseScenario(body));
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      throw validationError(
        error.issues.map((issue) => ({ path: ['body', ...issue.segments], message: issue.message })),
      );
    }
    return { data: { tenants: runtime.baseline.scenario.tenants.map((tenant) => tenant.id) } };
  },
  snapshot: (runtime) => ({ data: { snapshot: takeSnapshot(runtime) } }),
  // The body is the snapshot itself, `{ "snapshot": … }`, or GET's whole answer: restore unwraps it.
  // A bad snapshot is a 400 naming each problem's path, and changes nothing.
  restore: (runtime, { body }) => {
    try {
      restoreSnapshot(runtime, body);
    } catch (error) {
      if (!(error instanceof SnapshotError)) throw error;
      throw validationError(
        error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)], message: issue.message })),
      );
    }
    return { data: { restored: true, now: clockView(runtime).now } };
  },
  exportScenario: (runtime) => ({ data: { scenario: exportWorld(runtime) } }),
  clock: (runtime) => ({ data: clockView(runtime) }),
  advanceClock: (runtime, { body }) => ({ data: advanceClock(runtime, body.ms) }),
  injectFault: (runtime, { body }) => {
    const override = addOverride(runtime, faultOverride(body), ['body']);
    return { data: { fault: { ...body, id: override.id } } };
  },
  memory: () => ({ data: { memory: memoryReport() } }),
};
