/** A tenant's records, resource by resource: search and pages, read through the control surface only. */
import { useEffect, useState } from 'preact/hooks';
import { keysOf } from '../../../../lib/tables.js';
import { control, controlPage } from '../api.js';
import type { Shared } from '../shared.js';
import type { RecordResource } from '../types.js';
import { InputField, Json, LoadState, SelectField, tenantOptions, useLoad } from '../ui.js';

const PAGE = 20;

const TITLES: Record<RecordResource, string> = {
  users: 'Users',
  contacts: 'Contacts',
  calls: 'Calls',
  cdrs: 'Call records (CDRs)',
  'chat-conversations': 'Team chat conversations',
  'chat-messages': 'Team chat messages',
  'sms-conversations': 'SMS conversations',
  'sms-messages': 'SMS messages',
  calendar: 'Calendar',
  presence: 'Presence',
  files: 'Files',
  faxes: 'Fax',
  'ai-agents': 'AI agents',
};

interface RecordsPage {
  records: Record<string, unknown>[];
  total: number | null;
}

/** A record's id: `id`, or a call's `callId`, or a presence's `userId`. */
function idOf(record: Record<string, unknown>, fallback: number): string {
  for (const field of ['id', 'callId', 'userId']) {
    const value = record[field];
    if (typeof value === 'string') return value;
  }
  return String(fallback);
}

/** A record's one-line label: its most telling fields, a person's name read as one. */
function label(record: Record<string, unknown>): string {
  const field = (name: string) => {
    const value = record[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  };
  const person = [field('firstName'), field('lastName')].filter((part) => part !== undefined).join(' ');
  const parts = [
    person,
    ...['email', 'name', 'title', 'peerName', 'peerNumber', 'body', 'status', 'from', 'to'].map(field),
  ].filter((part): part is string => part !== undefined && part !== '');
  const text = parts.slice(0, 3).join(' · ');
  return text === '' ? idOf(record, 0) : text;
}

export function DataView({ shared }: { shared: Shared }) {
  const [tenantId, setTenantId] = useState('');
  const [resource, setResource] = useState<RecordResource>('contacts');
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  // The cursors of the pages before this one, and this page's: Previous pops, Next pushes.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const tenant = tenantId === '' ? shared.tenants[0]?.id : tenantId;
  const cursor = cursors.at(-1) ?? null;

  useEffect(() => {
    setCursors([null]);
  }, [tenant, resource, search]);

  const counts = useLoad(
    () =>
      tenant === undefined
        ? Promise.resolve(undefined)
        : control<{ resources: RecordResource[]; counts: Record<RecordResource, number> }>(
            'GET',
            `/tenants/${tenant}/records`,
          ),
    [tenant],
  );
  const [next, setNext] = useState<string | null>(null);
  const page = useLoad(async () => {
    if (tenant === undefined) return undefined;
    const params = new URLSearchParams({ limit: String(PAGE) });
    if (search !== '') params.set('q', search);
    if (cursor !== null) params.set('cursor', cursor);
    const response = await controlPage<RecordsPage>(`/tenants/${tenant}/records/${resource}?${params.toString()}`);
    setNext(response.nextCursor);
    return response.data;
  }, [tenant, resource, search, cursor]);

  const resources = counts.data?.resources ?? keysOf(TITLES);
  const records = page.data?.records ?? [];
  const first = (cursors.length - 1) * PAGE;

  return (
    <div class="stack">
      <p class="muted small">
        Every record of a tenant, as the API would answer it, whoever may see it. Read-only, through{' '}
        <span class="mono">
          GET /__mock/tenants/{'{id}'}/records/{'{resource}'}
        </span>
        , which tests can call too.
      </p>
      <form
        class="row wrap"
        role="search"
        aria-label="Find records"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(query.trim());
        }}
      >
        <SelectField
          label="Tenant"
          value={tenant ?? ''}
          onChange={setTenantId}
          options={tenantOptions(shared.tenants, true)}
        />
        <SelectField
          label="Resource"
          value={resource}
          onChange={setResource}
          options={resources.map((name) => {
            const count = counts.data?.counts[name];
            return [name, count === undefined ? TITLES[name] : `${TITLES[name]} (${count})`] as const;
          })}
        />
        <InputField label="Search" value={query} onInput={setQuery} placeholder="name, number, text…" />
        <button type="submit">Search</button>
      </form>
      <LoadState error={page.error ?? counts.error} loading={page.data === undefined && page.error === undefined} />
      <p class="muted small" role="status">
        {records.length === 0
          ? search === ''
            ? `No ${TITLES[resource].toLowerCase()}.`
            : `No ${TITLES[resource].toLowerCase()} match “${search}”.`
          : `${TITLES[resource]} ${first + 1}–${first + records.length}${page.data?.total === null || page.data === undefined ? '' : ` of ${page.data.total}`}${search === '' ? '' : `, matching “${search}”`}.`}
      </p>
      <ul class="journal" aria-label={`${TITLES[resource]} of the tenant`}>
        {records.map((record, index) => {
          const id = idOf(record, index);
          return (
            <li key={id}>
              <details>
                <summary>
                  <span class="break">{label(record)}</span> <span class="muted small mono">{id}</span>
                </summary>
                <Json value={record} label={`Record ${id}`} />
              </details>
            </li>
          );
        })}
      </ul>
      <div class="row" role="group" aria-label="Pages">
        <button
          type="button"
          class="secondary"
          disabled={cursors.length === 1}
          onClick={() => {
            setCursors((stack) => stack.slice(0, -1));
          }}
        >
          Previous page
        </button>
        <button
          type="button"
          class="secondary"
          disabled={next === null}
          onClick={() => {
            setCursors((stack) => [...stack, next]);
          }}
        >
          Next page
        </button>
      </div>
    </div>
  );
}
