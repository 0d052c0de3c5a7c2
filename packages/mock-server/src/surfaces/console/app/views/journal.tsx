/** The request journal, live: filter by status, operation, tenant and user; open an entry. */
import { useState } from 'preact/hooks';
import type { Shared } from '../shared.js';
import type { JournalEntry } from '../types.js';
import { Badge, Json, SelectField, time } from '../ui.js';

const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'];
const distinct = (values: (string | null)[]) =>
  [...new Set(values.filter((value): value is string => value !== null))].sort();

export function JournalView({ shared }: { shared: Shared }) {
  const [status, setStatus] = useState('');
  const [operation, setOperation] = useState('');
  const [tenant, setTenant] = useState('');
  const [user, setUser] = useState('');
  const entries = shared.journal;
  const matches = (entry: JournalEntry) =>
    (status === '' || `${String(entry.status)[0] ?? ''}xx` === status) &&
    (operation === '' || entry.operationId === operation) &&
    (tenant === '' || entry.tenantId === tenant) &&
    (user === '' || entry.userEmail === user);
  const shown = entries.filter(matches).reverse();
  const tenantName = (id: string | null) =>
    id === null ? 'no tenant' : (shared.tenants.find((candidate) => candidate.id === id)?.name ?? id);

  const filter = (label: string, value: string, set: (value: string) => void, options: string[]) => (
    <SelectField
      label={label}
      value={value}
      onChange={set}
      options={[
        ['', 'any'],
        ...options.map((option) => [option, label === 'Tenant' ? tenantName(option) : option] as const),
      ]}
    />
  );

  return (
    <div class="stack">
      <div class="row wrap" role="group" aria-label="Journal filters">
        {filter('Status', status, setStatus, STATUS_CLASSES)}
        {filter('Operation', operation, setOperation, distinct(entries.map((entry) => entry.operationId)))}
        {filter('Tenant', tenant, setTenant, distinct(entries.map((entry) => entry.tenantId)))}
        {filter('User', user, setUser, distinct(entries.map((entry) => entry.userEmail)))}
      </div>
      <p class="muted small">
        <span class={`dot ${shared.journalLive ? 'live' : ''}`} aria-hidden="true" />
        {shared.journalLive ? 'Live' : 'Reconnecting…'}: {shown.length} of {entries.length} requests shown, newest
        first. Secrets are never recorded.
      </p>
      {entries.length === 0 && (
        <p class="muted">
          No API requests yet. Try the curl command on <a href="#start">Getting started</a>.
        </p>
      )}
      <ul class="journal" aria-label="Journal entries">
        {shown.map((entry) => (
          <li key={entry.requestId}>
            <details>
              <summary>
                <Badge value={entry.status} /> <span class="mono">{entry.method}</span>{' '}
                <span class="mono break">{entry.path}</span>{' '}
                <span class="muted small">
                  {entry.operationId ?? 'no operation'} · {time(entry.at)}
                </span>
              </summary>
              <Json value={entry} label={`Details of request ${entry.requestId}`} />
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
