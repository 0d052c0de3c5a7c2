/**
 * Tenants: their mode, modules, capabilities, numbers and users; tenants on demand (create one,
 * reset or delete one) and each tenant's clock.
 */
import { useState } from 'preact/hooks';
import { control } from '../api.js';
import type { Shared } from '../shared.js';
import type { Tenant } from '../types.js';
import { Badge, CopyButton, InputField, Panel, SecretOnce, SelectField, useAction } from '../ui.js';

/** What `POST /__mock/tenants` answers. */
interface Created {
  tenant: { id: string; name: string };
  key: string;
}

const MINIMAL = 'minimal';

function CreateTenantPanel({ shared }: { shared: Shared }) {
  const { busy, run } = useAction();
  const [from, setFrom] = useState(MINIMAL);
  const [created, setCreated] = useState<Created | undefined>(undefined);
  const templates = [
    [MINIMAL, 'A minimal sandbox'] as const,
    ...shared.tenants
      .filter((tenant) => tenant.origin === 'scenario')
      .map((tenant) => [tenant.id, `A copy of ${tenant.name} (${tenant.mode})`] as const),
  ];
  return (
    <Panel title="Create a tenant">
      <p class="muted">
        A tenant of its own for a test or a browser worker: a fresh id, a copy of the template's users, numbers and
        records, and a key that can access only it.
      </p>
      <form
        class="row wrap spaced"
        aria-label="Create a tenant"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            const result = await control<Created>('POST', '/tenants', from === MINIMAL ? {} : { from });
            setCreated(result);
            shared.reloadWorld();
          }, 'Tenant created: copy its key now.');
        }}
      >
        <SelectField label="Template" value={from} onChange={setFrom} options={templates} />
        <button type="submit" disabled={busy}>
          Create tenant
        </button>
      </form>
      {created !== undefined && (
        <>
          <p class="row">
            Tenant <code class="mono">{created.tenant.id}</code>
            <CopyButton text={created.tenant.id} label="Copy the new tenant's id" />
          </p>
          <SecretOnce
            label="New tenant's API key"
            secret={created.key}
            onDismiss={() => {
              setCreated(undefined);
            }}
          />
        </>
      )}
    </Panel>
  );
}

function TenantActions({ tenant, shared }: { tenant: Tenant; shared: Shared }) {
  const { busy, run } = useAction();
  const [seconds, setSeconds] = useState('60');
  const path = `/tenants/${encodeURIComponent(tenant.id)}`;
  return (
    <div class="stack">
      <form
        class="row wrap spaced"
        aria-label={`Advance the clock of ${tenant.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            await control('POST', `${path}/clock/advance`, { ms: Math.round(Number(seconds) * 1000) });
            shared.reloadWorld();
          }, `${tenant.name}'s clock moved ${seconds} s; no other tenant's did.`);
        }}
      >
        <InputField label="Seconds" type="number" min={0} value={seconds} onInput={setSeconds} />
        <button type="submit" class="secondary" disabled={busy || !(Number(seconds) >= 0)}>
          Advance this tenant's clock
        </button>
      </form>
      <div class="row wrap spaced">
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() => {
            void run(
              async () => {
                await control('POST', `${path}/reset`);
                shared.reloadWorld();
              },
              `${tenant.name} is back as it was ${tenant.origin === 'created' ? 'created' : 'loaded'}.`,
            );
          }}
        >
          Reset {tenant.name}
        </button>
        <button
          type="button"
          class="danger"
          disabled={busy}
          onClick={() => {
            void run(async () => {
              await control('DELETE', path);
              shared.reloadWorld();
            }, `${tenant.name} was deleted: its keys no longer work.`);
          }}
        >
          Delete {tenant.name}
        </button>
      </div>
    </div>
  );
}

export function TenantsView({ shared }: { shared: Shared }) {
  return (
    <div class="stack">
      <CreateTenantPanel shared={shared} />
      {shared.tenants.length === 0 ? (
        <p class="muted">No tenants: create one above, or reset the world.</p>
      ) : (
        <ul class="cards">
          {shared.tenants.map((tenant) => (
            <li key={tenant.id} class="card">
              <h3>
                {tenant.name} <Badge value={tenant.mode} /> <Badge value={tenant.origin} />
              </h3>
              <p class="row">
                <code class="mono">{tenant.id}</code>
                <CopyButton text={tenant.id} label={`Copy the id of tenant ${tenant.name}`} />
              </p>
              <dl class="facts">
                <dt>Clock</dt>
                <dd>
                  {tenant.aheadMs === 0
                    ? 'the mock clock'
                    : `${(tenant.aheadMs / 1000).toLocaleString('en')} s ahead of the mock clock`}
                </dd>
                <dt>Modules</dt>
                <dd>{tenant.modules.join(', ') || 'none'}</dd>
                <dt>Capabilities</dt>
                <dd>{tenant.capabilities.join(', ') || 'none'}</dd>
                <dt>SMS numbers</dt>
                <dd>{tenant.smsNumbers.join(', ') || 'none'}</dd>
              </dl>
              <div class="scroll" tabIndex={0} role="region" aria-label={`Users of ${tenant.name}`}>
                <table>
                  <caption>Users ({tenant.users.length})</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Email</th>
                      <th scope="col">Extension</th>
                    </tr>
                  </thead>
                  <tbody>
                    {tenant.users.map((user) => (
                      <tr key={user.id}>
                        <td>
                          {user.firstName} {user.lastName}
                        </td>
                        <td>{user.email}</td>
                        <td>{user.extension ?? 'none'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <TenantActions tenant={tenant} shared={shared} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
