/** Getting started: a curl command and an SDK snippet, with this server, a key and a tenant filled in. */
import { useState } from 'preact/hooks';
import { control } from '../api.js';
import type { Shared } from '../main.js';
import { CopyButton, Panel, useAction } from '../ui.js';

export function StartView({ shared }: { shared: Shared }) {
  const [tenantId, setTenantId] = useState('');
  // Held in memory only: a reload forgets it, as the mock does.
  const [key, setKey] = useState<string | undefined>(undefined);
  const { busy, run } = useAction();
  const tenant = shared.tenants.find((candidate) => candidate.id === tenantId) ?? shared.tenants[0];
  const origin = location.origin;
  const shownKey = key ?? '<your API key>';
  const tenantShown = tenant?.id ?? '<tenant id>';
  const curl = `curl -s '${origin}/api/v1/contacts?limit=5' \\
  -H 'X-API-Key: ${shownKey}' \\
  -H 'X-Tenant-Id: ${tenantShown}'`;
  const sdk = `import { CommFlow } from '@commflow/sdk';

const client = new CommFlow({
  apiKey: '${shownKey}',
  tenantId: '${tenantShown}',
  baseUrl: '${origin}',
});
const page = await client.contacts.list({ limit: 5 });
console.log(page.items);`;

  return (
    <div class="stack">
      <p>
        This mock answers the CommFlow API at <code>{origin}/api/v1</code>. Pick a tenant, create a key for it, and run
        one of the snippets. The key is shown here once and forgotten on reload.
      </p>
      <div class="row wrap">
        <label>
          Tenant{' '}
          <select
            value={tenant?.id ?? ''}
            onChange={(e) => {
              setTenantId(e.currentTarget.value);
              setKey(undefined);
            }}
          >
            {shared.tenants.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} ({candidate.mode})
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={busy || tenant === undefined}
          onClick={() => {
            if (tenant === undefined) return;
            void run(async () => {
              const { apiKey } = await control<{ apiKey: { key: string } }>('POST', '/api-keys', {
                tenantIds: [tenant.id],
              });
              setKey(apiKey.key);
            }, 'A key for the snippets was created; it is in them below.');
          }}
        >
          Create a key for these snippets
        </button>
      </div>
      <Panel title="curl">
        <pre class="code" tabIndex={0} aria-label="curl command">
          {curl}
        </pre>
        <CopyButton text={curl} label="Copy the curl command" />
      </Panel>
      <Panel title="TypeScript SDK">
        <pre class="code" tabIndex={0} aria-label="SDK snippet">
          {sdk}
        </pre>
        <CopyButton text={sdk} label="Copy the SDK snippet" />
      </Panel>
      <Panel title="Driving the mock from tests">
        <p>
          Everything this console does goes through the control surface at <code>{origin}/__mock</code>: JSON in and
          out, the same routes your tests can call. Watch requests arrive in the <a href="#journal">journal</a>.
        </p>
      </Panel>
    </div>
  );
}
