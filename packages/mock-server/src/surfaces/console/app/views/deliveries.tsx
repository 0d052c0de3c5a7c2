/** Webhook deliveries: every attempt, one-click replay of failed ones, payload and headers. */
import { useEffect, useState } from 'preact/hooks';
import { control } from '../api.js';
import type { Shared } from '../shared.js';
import type { Delivery, Subscription, WebhookMessage } from '../types.js';
import { Badge, Json, LoadState, SelectField, time, useAction, useLoad } from '../ui.js';

/** How often the list refreshes while open: attempts finish in the background. */
const POLL_MS = 1500;

function RequestDetails({ id }: { id: string }) {
  const request = useLoad(() => control<{ request: WebhookMessage }>('GET', `/deliveries/${id}/request`), [id]);
  if (request.data === undefined) return <LoadState error={request.error} loading />;
  const payload: unknown = JSON.parse(request.data.request.body);
  return (
    <div class="stack">
      <p class="muted small">
        Headers as signed with the subscription&apos;s current secrets, at the latest attempt&apos;s timestamp.
      </p>
      <Json value={request.data.request.headers} label="Delivery headers" />
      <Json value={payload} label="Delivery payload" />
    </div>
  );
}

export function DeliveriesView({ shared }: { shared: Shared }) {
  const [status, setStatus] = useState('');
  const deliveries = useLoad(
    () => control<{ deliveries: Delivery[] }>('GET', `/deliveries${status === '' ? '' : `?status=${status}`}`),
    [status],
  );
  const subscriptions = useLoad(() => control<{ webhooks: Subscription[] }>('GET', '/webhooks'), []);
  const [open, setOpen] = useState<string | undefined>(undefined);
  const { busy, run } = useAction();
  const { reload } = deliveries;
  useEffect(() => {
    const timer = setInterval(reload, POLL_MS);
    return () => {
      clearInterval(timer);
    };
  }, [reload]);
  const urlOf = (id: string) => subscriptions.data?.webhooks.find((subscription) => subscription.id === id)?.url ?? id;
  const list = [...(deliveries.data?.deliveries ?? [])].reverse();

  return (
    <div class="stack">
      <div class="row wrap">
        <SelectField
          label="Status"
          value={status}
          onChange={setStatus}
          options={[['', 'all'], ...(shared.catalogue?.deliveryStatuses ?? []).map((name) => [name, name] as const)]}
        />
        <span class="muted small">Newest first; refreshes every {POLL_MS / 1000} s.</span>
      </div>
      <LoadState error={deliveries.error} loading={deliveries.data === undefined} />
      {deliveries.data !== undefined && list.length === 0 && (
        <p class="muted">No deliveries yet: subscribe an endpoint, then cause an event (send an SMS, add a contact).</p>
      )}
      <ul class="cards" aria-label="Deliveries">
        {list.map((delivery) => (
          <li key={delivery.id} class="card" aria-label={`Delivery ${delivery.eventType} ${delivery.status}`}>
            <p class="row wrap">
              <strong>{delivery.eventType}</strong> <Badge value={delivery.status} />
              {delivery.replayOf !== undefined && <span class="muted small">replay</span>}
            </p>
            <p class="mono small break">{urlOf(delivery.subscriptionId)}</p>
            <div class="scroll" tabIndex={0} role="region" aria-label={`Attempts of delivery ${delivery.id}`}>
              <table class="attempts">
                <caption>Attempts ({delivery.attempts.length})</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">At</th>
                    <th scope="col">Response</th>
                    <th scope="col">Error</th>
                    <th scope="col">Took</th>
                  </tr>
                </thead>
                <tbody>
                  {delivery.attempts.map((attempt, index) => (
                    <tr key={attempt.at + String(index)}>
                      <td>{index + 1}</td>
                      <td>{time(attempt.at)}</td>
                      <td>{attempt.status === undefined ? 'none' : <Badge value={attempt.status} />}</td>
                      <td>{attempt.error ?? ''}</td>
                      <td>{attempt.durationMs.toFixed(0)} ms</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {delivery.nextAttemptAt !== undefined && (
              <p class="small muted">Next attempt due {time(delivery.nextAttemptAt)} (mock clock).</p>
            )}
            <div class="row wrap">
              {delivery.status === 'failed' && (
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`Replay delivery ${delivery.eventType} ${delivery.id}`}
                  onClick={() => {
                    void run(async () => {
                      await control('POST', `/deliveries/${delivery.id}/replay`);
                      reload();
                    }, 'Replay sent as a new delivery.');
                  }}
                >
                  Replay
                </button>
              )}
              <button
                type="button"
                class="secondary"
                aria-expanded={open === delivery.id}
                aria-label={`${open === delivery.id ? 'Hide' : 'Inspect'} request of delivery ${delivery.id}`}
                onClick={() => {
                  setOpen(open === delivery.id ? undefined : delivery.id);
                }}
              >
                {open === delivery.id ? 'Hide request' : 'Inspect request'}
              </button>
            </div>
            {open === delivery.id && <RequestDetails id={delivery.id} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
