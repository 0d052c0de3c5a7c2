/** Overrides in the console: each fault or stub with what it matches, its hits and what remains; remove one. */
import { control } from '../api.js';
import { Panel, LoadState, useAction, useLoad } from '../ui.js';

/** An override as `GET /__mock/overrides` lists it (the fields the panel shows). */
interface OverrideRow {
  id: string;
  tenantId?: string;
  operationId?: string;
  method?: string;
  path?: string;
  operations: string[];
  fault?: { status?: number; code?: string; delayMs?: number; drop?: true };
  respond?: { status: number };
  unchecked: boolean;
  hits: number;
  remaining: number | null;
  letThrough: number;
}

function target(row: OverrideRow): string {
  if (row.operationId !== undefined) return row.operationId;
  if (row.path !== undefined) return `${row.method ?? 'any'} ${row.path}`;
  return row.operations.length > 3 ? `${row.operations.length} operations` : row.operations.join(', ');
}

function effect(row: OverrideRow): string {
  if (row.respond !== undefined) return `stub ${row.respond.status}${row.unchecked ? ' (unchecked)' : ''}`;
  const fault = row.fault ?? {};
  const parts = [fault.drop === true ? 'drop' : fault.status === undefined ? '' : `fault ${fault.status}`];
  if (fault.delayMs !== undefined) parts.push(`after ${fault.delayMs} ms`);
  return parts.filter((part) => part !== '').join(' ');
}

export function OverridesPanel({ round }: { round: number }) {
  const listed = useLoad(() => control<{ overrides: OverrideRow[] }>('GET', '/overrides'), [round]);
  const { busy, run } = useAction();
  const rows = listed.data?.overrides ?? [];
  return (
    <Panel title="Overrides">
      <p class="muted">
        Faults and stubs aimed at some requests, each counted. Add them with <code>POST /__mock/overrides</code> or{' '}
        <code>mock.overrides.add()</code>; a fault injected from the Faults panel shows here too.
      </p>
      <button type="button" class="secondary" onClick={listed.reload}>
        Refresh overrides
      </button>
      <LoadState error={listed.error} loading={listed.data === undefined} />
      {listed.data !== undefined && rows.length === 0 && (
        <p class="muted">No overrides: every answer is the mock’s own.</p>
      )}
      <ul class="journal" aria-label="Overrides">
        {rows.map((row) => (
          <li key={row.id} class="card" aria-label={`Override ${row.id}`}>
            <p class="row wrap">
              <strong class="break">{target(row)}</strong> <span>{effect(row)}</span>
            </p>
            <p class="small">
              <span class="mono">{row.id}</span> ·{' '}
              {row.tenantId === undefined ? 'every tenant' : `tenant ${row.tenantId}`}
            </p>
            <p class="small">
              {row.hits} hit{row.hits === 1 ? '' : 's'} ·{' '}
              {row.remaining === null ? 'no limit' : `${row.remaining} left`}
              {row.letThrough > 0 ? ` · lets ${row.letThrough} through first` : ''}
            </p>
            <button
              type="button"
              class="danger"
              disabled={busy}
              aria-label={`Remove override ${row.id}`}
              onClick={() => {
                void run(async () => {
                  await control('DELETE', `/overrides/${row.id}`);
                  listed.reload();
                }, `Override ${row.id} removed.`);
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
