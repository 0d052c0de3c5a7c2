/**
 * `GET /__mock/snapshot` answers the whole world as a value; `PUT /__mock/snapshot` puts one
 * back. A bad snapshot is a 400 naming each problem's path, and changes nothing.
 */
import { ApiError, validationError } from '../../service/api-error.js';
import { readBody } from '../../service/pipeline/validate.js';
import { parseJsonBytes } from '../../lib/json.js';
import type { MockRuntime } from '../../runtime/mock-runtime.js';
import { restoreSnapshot, SnapshotError } from '../../runtime/snapshot/restore.js';
import { takeSnapshot } from '../../runtime/snapshot/take.js';

/** Where the snapshot is read and written. */
export const SNAPSHOT_PATH = '/__mock/snapshot';
/** The largest snapshot `PUT /__mock/snapshot` accepts: a million-contact world fits. */
export const SNAPSHOT_MAX_BYTES = 256 * 1024 * 1024;

/** The snapshot routes, or `undefined` for another path. */
export async function snapshotRoute(
  runtime: MockRuntime,
  request: Request,
  path: string,
): Promise<{ status: number; data: unknown } | undefined> {
  if (path !== SNAPSHOT_PATH) return undefined;
  if (request.method === 'GET') return { status: 200, data: { snapshot: takeSnapshot(runtime) } };
  if (request.method !== 'PUT') return undefined;
  const parsed = parseJsonBytes(await readBody(request, SNAPSHOT_MAX_BYTES));
  if (!parsed.ok) throw new ApiError('INVALID_JSON', parsed.message);
  // The body is the snapshot itself, `{ "snapshot": … }`, or GET's whole answer: restore unwraps it.
  try {
    restoreSnapshot(runtime, parsed.value);
  } catch (error) {
    if (error instanceof SnapshotError) {
      throw validationError(
        error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)], message: issue.message })),
      );
    }
    throw error;
  }
  return { status: 200, data: { restored: true, now: runtime.world.sim.clock.iso() } };
}
