/** Snapshots in the console: download the whole world, or put one back from a file. */
import { useState } from 'preact/hooks';
import { errorMessage } from '../../../../lib/errors.js';
import { control } from '../api.js';
import type { Shared } from '../shared.js';
import { Panel, useAction } from '../ui.js';

export function SnapshotPanel({ shared }: { shared: Shared }) {
  const { busy, run } = useAction();
  const [file, setFile] = useState<File | undefined>(undefined);
  return (
    <Panel title="Snapshot">
      <p class="muted">
        The whole world as one file: records, keys (as hashes), idempotency entries, calls in progress, pending webhook
        retries and the clock. It holds webhook signing secrets: keep it like a secret.
      </p>
      <div class="row wrap spaced">
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() => {
            void run(async () => {
              const { snapshot } = await control<{ snapshot: unknown }>('GET', '/snapshot');
              const blob = new Blob([JSON.stringify(snapshot)], { type: 'application/json' });
              const link = document.createElement('a');
              link.href = URL.createObjectURL(blob);
              link.download = 'commflow-snapshot.json';
              link.click();
              URL.revokeObjectURL(link.href);
            }, 'The world was downloaded as commflow-snapshot.json.');
          }}
        >
          Download a snapshot
        </button>
      </div>
      <form
        class="stack"
        aria-label="Restore a snapshot"
        onSubmit={(event) => {
          event.preventDefault();
          if (file === undefined) return;
          void run(async () => {
            let snapshot: unknown;
            try {
              snapshot = JSON.parse(await file.text());
            } catch (error) {
              throw new Error(`${file.name} is not JSON: ${errorMessage(error)}`, { cause: error });
            }
            await control('PUT', '/snapshot', snapshot);
            shared.reloadWorld();
            shared.clearJournal();
          }, `Restored ${file.name}: the world is as it was then.`);
        }}
      >
        <label>
          Snapshot file{' '}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0]);
            }}
          />
        </label>
        <div>
          <button type="submit" disabled={busy || file === undefined}>
            Restore snapshot
          </button>
        </div>
      </form>
    </Panel>
  );
}
