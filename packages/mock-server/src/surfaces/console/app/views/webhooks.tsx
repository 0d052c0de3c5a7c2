/** Webhook subscriptions: create (secret shown once), rotate, enable or disable, delete. */
import { useState } from 'preact/hooks';
import { control } from '../api.js';
import type { Shared } from '../shared.js';
import type { Subscription } from '../types.js';
import {
  Badge,
  InputField,
  LoadState,
  Panel,
  SecretOnce,
  SelectField,
  tenantOptions,
  time,
  useAction,
  useLoad,
} from '../ui.js';

export function WebhooksView({ shared }: { shared: Shared }) {
  const list = useLoad(() => control<{ webhooks: Subscription[] }>('GET', '/webhooks'), []);
  const [tenantId, setTenantId] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [secret, setSecret] = useState<{ label: string; value: string } | undefined>(undefined);
  const { busy, run } = useAction();
  const tenant = tenantId === '' ? shared.tenants[0]?.id : tenantId;
  const tenantName = (id: string) => shared.tenants.find((candidate) => candidate.id === id)?.name ?? id;

  const create = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const created = await control<{ secret: string }>('POST', '/webhooks', {
        tenantId: tenant,
        url,
        events: events.length === 0 ? ['*'] : events,
      });
      setSecret({ label: 'New webhook signing secret', value: created.secret });
      setUrl('');
      list.reload();
    }, 'Subscription created. Copy its signing secret now: it is not shown again.');
  };

  return (
    <div class="stack">
      <Panel title="Subscribe an endpoint">
        <form onSubmit={create} class="stack" aria-label="Create a webhook subscription">
          <div class="row wrap">
            <SelectField
              label="Tenant"
              value={tenant ?? ''}
              options={tenantOptions(shared.tenants)}
              onChange={setTenantId}
            />
            <InputField
              label="Endpoint URL"
              type="url"
              wide
              required
              placeholder="http://127.0.0.1:4000/webhooks"
              value={url}
              onInput={setUrl}
            />
          </div>
          <fieldset>
            <legend>Events (none ticked: all)</legend>
            <div class="checks">
              {(shared.catalogue?.eventTypes ?? []).map((type) => (
                <label key={type} class="check">
                  <input
                    type="checkbox"
                    checked={events.includes(type)}
                    onChange={(e) => {
                      setEvents(e.currentTarget.checked ? [...events, type] : events.filter((item) => item !== type));
                    }}
                  />{' '}
                  {type}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <button type="submit" disabled={busy || url === ''}>
              Create subscription
            </button>
          </div>
        </form>
        {secret !== undefined && (
          <SecretOnce
            label={secret.label}
            secret={secret.value}
            onDismiss={() => {
              setSecret(undefined);
            }}
          />
        )}
      </Panel>
      <Panel title="Subscriptions">
        <LoadState error={list.error} loading={list.data === undefined} />
        {list.data?.webhooks.length === 0 && <p class="muted">No subscriptions yet.</p>}
        <ul class="cards" aria-label="Webhook subscriptions">
          {(list.data?.webhooks ?? []).map((subscription) => (
            <li key={subscription.id} class="card">
              <p class="row wrap">
                <strong class="mono break">{subscription.inProcess ? 'in-process callback' : subscription.url}</strong>
                <Badge value={subscription.enabled ? 'enabled' : 'disabled'} />
              </p>
              <dl class="facts">
                <dt>Tenant</dt>
                <dd>{tenantName(subscription.tenantId)}</dd>
                <dt>Events</dt>
                <dd>{subscription.events.join(', ')}</dd>
                <dt>Secret</dt>
                <dd class="mono">
                  {subscription.maskedSecret}
                  {subscription.rotationEndsAt !== undefined &&
                    ` (old secret signs too until ${time(subscription.rotationEndsAt)})`}
                </dd>
                <dt>Created</dt>
                <dd>{time(subscription.createdAt)}</dd>
              </dl>
              <div class="row wrap">
                <button
                  type="button"
                  class="secondary"
                  disabled={busy}
                  aria-label={`Rotate secret of ${subscription.url}`}
                  onClick={() => {
                    void run(async () => {
                      const rotated = await control<{ secret: string }>(
                        'POST',
                        `/webhooks/${subscription.id}/rotate-secret`,
                      );
                      setSecret({ label: 'Rotated webhook signing secret', value: rotated.secret });
                      list.reload();
                    }, 'Secret rotated; the old one keeps signing for 24 hours. Copy the new one now.');
                  }}
                >
                  Rotate secret
                </button>
                <button
                  type="button"
                  class="secondary"
                  disabled={busy}
                  aria-label={`${subscription.enabled ? 'Disable' : 'Enable'} ${subscription.url}`}
                  onClick={() => {
                    void run(
                      async () => {
                        await control('PATCH', `/webhooks/${subscription.id}`, { enabled: !subscription.enabled });
                        list.reload();
                      },
                      `Subscription ${subscription.enabled ? 'disabled' : 'enabled'}.`,
                    );
                  }}
                >
                  {subscription.enabled ? 'Disable' : 'Enable'}
                </button>
                <button
                  type="button"
                  class="danger"
                  disabled={busy}
                  aria-label={`Delete ${subscription.url}`}
                  onClick={() => {
                    void run(async () => {
                      await control('DELETE', `/webhooks/${subscription.id}`);
                      list.reload();
                    }, 'Subscription deleted.');
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
