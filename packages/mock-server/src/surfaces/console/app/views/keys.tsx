/** API keys: create one (secret shown once), list them by hint, revoke. */
import { useState } from 'preact/hooks';
import { control } from '../api.js';
import type { Shared } from '../shared.js';
import type { ApiKey } from '../types.js';
import { Badge, InputField, LoadState, Panel, SecretOnce, useAction, useLoad } from '../ui.js';

export function KeysView({ shared }: { shared: Shared }) {
  const keys = useLoad(() => control<{ apiKeys: ApiKey[] }>('GET', '/api-keys'), []);
  const [tenantIds, setTenantIds] = useState<string[]>([]);
  const [allPermissions, setAllPermissions] = useState(true);
  const [permissions, setPermissions] = useState<string[]>([]);
  const [limit, setLimit] = useState('');
  const [windowSeconds, setWindowSeconds] = useState('60');
  const [secret, setSecret] = useState<string | undefined>(undefined);
  const { busy, run } = useAction();
  const tenantName = (id: string) => shared.tenants.find((tenant) => tenant.id === id)?.name ?? id;
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((item) => item !== value);

  const create = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const body = {
        tenantIds,
        permissions: allPermissions ? ['*'] : permissions,
        ...(limit === '' ? {} : { rateLimit: { limit: Number(limit), windowSeconds: Number(windowSeconds) } }),
      };
      const { apiKey } = await control<{ apiKey: { key: string; hint: string } }>('POST', '/api-keys', body);
      setSecret(apiKey.key);
      keys.reload();
    }, 'API key created. Copy its secret now: it is not shown again.');
  };

  return (
    <div class="stack">
      <Panel title="Create a key">
        <form onSubmit={create} class="stack" aria-label="Create an API key">
          <fieldset>
            <legend>Tenants</legend>
            {shared.tenants.map((tenant) => (
              <label key={tenant.id} class="check">
                <input
                  type="checkbox"
                  checked={tenantIds.includes(tenant.id)}
                  onChange={(e) => {
                    setTenantIds(toggle(tenantIds, tenant.id, e.currentTarget.checked));
                  }}
                />{' '}
                {tenant.name} ({tenant.mode})
              </label>
            ))}
            <p class="muted small">One tenant makes a cf_ key; several make an account (cfa_) key.</p>
          </fieldset>
          <fieldset>
            <legend>Permissions</legend>
            <label class="check">
              <input
                type="checkbox"
                checked={allPermissions}
                onChange={(e) => {
                  setAllPermissions(e.currentTarget.checked);
                }}
              />{' '}
              All permissions
            </label>
            {!allPermissions && (
              <div class="checks">
                {(shared.catalogue?.permissions ?? []).map((permission) => (
                  <label key={permission} class="check">
                    <input
                      type="checkbox"
                      checked={permissions.includes(permission)}
                      onChange={(e) => {
                        setPermissions(toggle(permissions, permission, e.currentTarget.checked));
                      }}
                    />{' '}
                    {permission}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <fieldset>
            <legend>Rate limit (optional)</legend>
            <div class="row wrap">
              <InputField
                label="Requests"
                type="number"
                min={1}
                placeholder="default"
                value={limit}
                onInput={setLimit}
              />
              <InputField
                label="Window (seconds)"
                type="number"
                min={1}
                max={86400}
                value={windowSeconds}
                onInput={setWindowSeconds}
              />
            </div>
          </fieldset>
          <div>
            <button type="submit" disabled={busy || tenantIds.length === 0}>
              Create key
            </button>
          </div>
        </form>
        {secret !== undefined && (
          <SecretOnce
            label="New API key secret"
            secret={secret}
            onDismiss={() => {
              setSecret(undefined);
            }}
          />
        )}
      </Panel>
      <Panel title="Keys">
        <LoadState error={keys.error} loading={keys.data === undefined} />
        <ul class="cards" aria-label="API keys">
          {(keys.data?.apiKeys ?? []).map((key) => (
            <li key={key.id} class="card">
              <p class="row wrap">
                <strong class="mono">{key.hint}</strong> <Badge value={key.revoked ? 'revoked' : 'active'} />
                <span class="muted small">
                  {key.kind === 'account' ? 'account key' : 'tenant key'}
                  {key.label === null ? '' : `: ${key.label}`}
                </span>
              </p>
              <dl class="facts">
                <dt>Tenants</dt>
                <dd>{key.tenantIds.map(tenantName).join(', ')}</dd>
                <dt>Permissions</dt>
                <dd>{key.permissions.includes('*') ? 'all' : key.permissions.join(', ')}</dd>
                <dt>Rate limit</dt>
                <dd>
                  {key.rateLimit === null
                    ? 'scenario default'
                    : `${key.rateLimit.limit} per ${key.rateLimit.windowSeconds} s`}
                </dd>
              </dl>
              {!key.revoked && (
                <button
                  type="button"
                  class="danger"
                  aria-label={`Revoke key ${key.hint}${key.label === null ? '' : ` (${key.label})`}`}
                  disabled={busy}
                  onClick={() => {
                    void run(async () => {
                      await control('POST', `/api-keys/${key.id}/revoke`);
                      keys.reload();
                    }, `Key ${key.hint} revoked.`);
                  }}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
