/** The request journal, live: filter by status, operation, tenant and user; open an entry. */
import { useState } from 'preact/hooks';
import type { Shared } from '../shared.js';
import { control } from '../api.js';
import type { JournalDetail, JournalEntry, JournalMessage } from '../types.js';
import { Badge, Json, LoadState, SelectField, time, useLoad } from '../ui.js';

const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'];
const distinct = (values: (string | null)[]) =>
  [...new Set(values.filter((value): value is string => value !== null))].sort();

export function JournalView({ shared }: { shared: Shared }) {
  const [status, setStatus] = useState('');
  const [operation, setOperation] = useState('');
  const [tenant, setTenant] = useState('');
  const [user, setUser] = useState('');
  // Entries whose details are open: each loads its request and response when opened.
  const [opened, setOpened] = useState<string[]>([]);
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
            <details
              onToggle={(e) => {
                const open = e.currentTarget.open;
                setOpened((ids) => (open ? [...ids, entry.requestId] : ids.filter((id) => id !== entry.requestId)));
              }}
            >
              <summary>
                <Badge value={entry.status} /> <span class="mono">{entry.method}</span>{' '}
                <span class="mono break">{entry.path}</span>{' '}
                <span class="muted small">
                  {entry.operationId ?? 'no operation'} · {time(entry.at)}
                </span>
              </summary>
              {opened.includes(entry.requestId) && <EntryDetail requestId={entry.requestId} />}
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One side of an exchange: headers, then the body (parsed, or its text when cut or not JSON). */
function Message({ title, message, requestId }: { title: string; message: JournalMessage; requestId: string }) {
  const body = message.bodyText ?? message.body;
  return (
    <section aria-label={`${title} of ${requestId}`}>
      <h4>{title}</h4>
      <Json value={message.headers} label={`${title} headers of ${requestId}`} />
      {message.bodySize === 0 ? (
        <p class="muted small">No body.</p>
      ) : (
        <>
          <p class="muted small">
            Body, {message.bodySize} bytes
            {message.bodyTruncated ? ': cut at the journal body limit, the start shown' : ''}
          </p>
          <Json value={body} label={`${title} body of ${requestId}`} />
        </>
      )}
    </section>
  );
}

/** An opened entry: loads `GET /__mock/journal/{requestId}`, shows the request and the response. */
function EntryDetail({ requestId }: { requestId: string }) {
  const detail = useLoad(
    () => control<{ entry: JournalDetail }>('GET', `/journal/${encodeURIComponent(requestId)}`),
    [requestId],
  );
  const entry = detail.data?.entry;
  if (entry === undefined) return <LoadState error={detail.error} loading />;
  const { request, response, ...summary } = entry;
  return (
    <section class="stack exchange" aria-label={`Details of request ${requestId}`}>
      <p class="small mono break">
        {summary.operationId ?? 'no operation'} · tenant {summary.tenantId ?? 'none'} · user{' '}
        {summary.userEmail ?? 'none'} · key {summary.keyHint ?? 'none'} · {requestId}
        {summary.replayed ? ' · idempotent replay' : ''}
        {summary.errorCode === null ? '' : ` · ${summary.errorCode}`}
        {summary.durationMs === null ? '' : ` · ${summary.durationMs} ms`}
      </p>
      <Message title="Request" message={request} requestId={requestId} />
      {(Object.keys(request.query).length > 0 || Object.keys(request.params).length > 0) && (
        <Json
          value={{ params: request.params, query: request.query }}
          label={`Path parameters and query of ${requestId}`}
        />
      )}
      <Message title={`Response ${summary.status}`} message={response} requestId={requestId} />
    </section>
  );
}
