/** Getting started: a curl command and an SDK snippet, with this server, a key and a tenant filled in. */
import { useState } from 'preact/hooks';
import { control } from '../api.js';
import type { Shared } from '../shared.js';
import { CopyButton, Panel, SelectField, tenantOptions, useAction } from '../ui.js';

function Snippet({ title, name, text }: { title: string; name: string; text: string }) {
  return (
    <Panel title={title}>
      <pre class="code" tabIndex={0} aria-label={name}>
        {text}
      </pre>
      <CopyButton text={text} label={`Copy the ${name}`} />
    </Panel>
  );
}

export function StartView({ shared }: { shared: Shared }) {
  const [tenantId, setTenantId] = useState('');
  // Held in memory only: a reload forgets it, as the mock does.
  const [key, setKey] = useState<string | undefined>(undefined);
  const { busy, run } = useAction();
  const tenant = shared.tenants.find((candidate) => candidate.id === tenantId) ?? shared.tenants[0];
  const origin = location.origin;
  // The demo's keys are public: offered while the demo runs, so the snippets work as copied.
  const shownKey = key ?? tenant?.demoKey ?? '<your API key>';
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
        <SelectField
          label="Tenant"
          value={tenant?.id ?? ''}
          options={tenantOptions(shared.tenants, true)}
          onChange={(value) => {
            setTenantId(value);
            setKey(undefined);
          }}
        />
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
      {key === undefined && tenant?.demoKey != null && (
        <p class="muted">
          The snippets use the demo scenario's public key for {tenant.name}; create a key to use one of your own.
        </p>
      )}
      <Snippet title="curl" name="curl command" text={curl} />
      <Snippet title="TypeScript SDK" name="SDK snippet" text={sdk} />
      <Panel title="Driving the mock from tests">
        <p>
          Everything this console does goes through the control surface at <code>{origin}/__mock</code>: JSON in and
          out, the same routes your tests can call. Watch requests arrive in the <a href="#journal">journal</a>.
        </p>
      </Panel>
    </div>
  );
}
