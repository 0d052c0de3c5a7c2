/**
 * The mock's web console: one page that shows and drives the whole simulated world through the
 * control surface. Views are chosen by the address's hash, so each can be linked and reloaded.
 */
import { render } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { control, followJournal } from './api.js';
import type { Shared } from './shared.js';
import type { Catalogue, JournalEntry, Tenant } from './types.js';
import { NotifyContext, useLoad } from './ui.js';
import { DataView } from './views/data.js';
import { DeliveriesView } from './views/deliveries.js';
import { JournalView } from './views/journal.js';
import { KeysView } from './views/keys.js';
import { StartView } from './views/start.js';
import { TenantsView } from './views/tenants.js';
import { WebhooksView } from './views/webhooks.js';
import { WorldView } from './views/world.js';

const VIEWS = [
  { id: 'start', title: 'Getting started' },
  { id: 'tenants', title: 'Tenants' },
  { id: 'keys', title: 'API keys' },
  { id: 'webhooks', title: 'Webhooks' },
  { id: 'deliveries', title: 'Deliveries' },
  { id: 'journal', title: 'Journal' },
  { id: 'data', title: 'Data' },
  { id: 'world', title: 'World' },
] as const;
type ViewId = (typeof VIEWS)[number]['id'];

/** How many journal entries the page keeps: the server keeps its own, bounded, list. */
const JOURNAL_LIMIT = 1000;

const viewOfHash = (): ViewId => {
  const id = location.hash.slice(1);
  return VIEWS.find((view) => view.id === id)?.id ?? 'start';
};

function App() {
  const [view, setView] = useState<ViewId>(viewOfHash);
  const [notice, setNotice] = useState<{ message: string; kind: 'ok' | 'error' } | undefined>(undefined);
  const [journal, setJournal] = useState<JournalEntry[]>([]);
  const [journalLive, setJournalLive] = useState(false);
  const tenants = useLoad(() => control<{ tenants: Tenant[] }>('GET', '/tenants'), []);
  const catalogue = useLoad(() => control<Catalogue>('GET', '/catalogue'), []);

  useEffect(() => {
    const onHash = () => {
      setView(viewOfHash());
      // A notice belongs to the view it was given in.
      setNotice(undefined);
      document.getElementById('view-heading')?.focus();
    };
    addEventListener('hashchange', onHash);
    return () => {
      removeEventListener('hashchange', onHash);
    };
  }, []);

  useEffect(() => {
    const stop = new AbortController();
    void followJournal(
      (entry) => {
        setJournal((entries) => [...entries.slice(-(JOURNAL_LIMIT - 1)), entry]);
      },
      () => {
        setJournal([]);
      },
      stop.signal,
      setJournalLive,
    );
    return () => {
      stop.abort();
    };
  }, []);

  const notify = useCallback((message: string, kind: 'ok' | 'error' = 'ok') => {
    setNotice({ message, kind });
  }, []);

  const shared: Shared = {
    tenants: tenants.data?.tenants ?? [],
    catalogue: catalogue.data,
    reloadWorld: tenants.reload,
    journal,
    journalLive,
    clearJournal: () => {
      setJournal([]);
    },
  };
  const current = VIEWS.find((candidate) => candidate.id === view) ?? VIEWS[0];

  return (
    <NotifyContext.Provider value={notify}>
      <a class="skip" href="#view-heading">
        Skip to content
      </a>
      <header class="top">
        <h1>CommFlow mock console</h1>
        <p class="muted mono">{location.origin}</p>
      </header>
      <nav aria-label="Console sections">
        <ul>
          {VIEWS.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} aria-current={item.id === view ? 'page' : undefined}>
                {item.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <h2 id="view-heading" tabIndex={-1}>
          {current.title}
        </h2>
        <div class={`notice ${notice?.kind ?? ''}`} role="status" aria-live="polite">
          {notice?.message}
        </div>
        {tenants.error !== undefined && <p class="error">Could not reach the control surface: {tenants.error}</p>}
        {view === 'start' && <StartView shared={shared} />}
        {view === 'tenants' && <TenantsView shared={shared} />}
        {view === 'keys' && <KeysView shared={shared} />}
        {view === 'webhooks' && <WebhooksView shared={shared} />}
        {view === 'deliveries' && <DeliveriesView shared={shared} />}
        {view === 'journal' && <JournalView shared={shared} />}
        {view === 'data' && <DataView shared={shared} />}
        {view === 'world' && <WorldView shared={shared} />}
      </main>
    </NotifyContext.Provider>
  );
}

const root = document.getElementById('app');
if (root !== null) {
  // The page's "Loading…" placeholder goes: Preact renders next to what it finds.
  root.replaceChildren();
  render(<App />, root);
}
