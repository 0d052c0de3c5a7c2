/** The rest of the world: clock, calls, carrier, inbound SMS, faults, events, reset and scenarios. */
import { useState } from 'preact/hooks';
import { errorMessage } from '../../../../lib/errors.js';
import { control } from '../api.js';
import type { Shared } from '../shared.js';
import type { CallView, CarrierState, MockEvent } from '../types.js';
import {
  Badge,
  InputField,
  Json,
  LoadState,
  Panel,
  SelectField,
  tenantOptions,
  time,
  useAction,
  useLoad,
} from '../ui.js';
import { OverridesPanel } from './overrides-panel.js';
import { SnapshotPanel } from './snapshot-panel.js';

function ClockPanel() {
  const clock = useLoad(() => control<{ now: string; offsetMs: number }>('GET', '/clock'), []);
  const [seconds, setSeconds] = useState('60');
  const { busy, run } = useAction();
  return (
    <Panel title="Clock">
      <p>
        Mock time: <strong class="mono">{clock.data === undefined ? '…' : time(clock.data.now)}</strong>{' '}
        {clock.data !== undefined && (
          <span class="muted small">({Math.round(clock.data.offsetMs / 1000)} s ahead of the wall clock)</span>
        )}
      </p>
      <form
        class="row wrap"
        aria-label="Advance the clock"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            await control('POST', '/clock/advance', { ms: Math.round(Number(seconds) * 1000) });
            clock.reload();
          }, `Clock advanced by ${seconds} s.`);
        }}
      >
        <InputField label="Seconds" type="number" min={0} value={seconds} onInput={setSeconds} />
        <button type="submit" disabled={busy}>
          Advance clock
        </button>
        <button type="button" class="secondary" onClick={clock.reload}>
          Refresh time
        </button>
      </form>
    </Panel>
  );
}

function CallsPanel({ shared }: { shared: Shared }) {
  const calls = useLoad(() => control<{ calls: CallView[] }>('GET', '/calls'), []);
  const { busy, run } = useAction();
  return (
    <Panel title="Calls">
      <button type="button" class="secondary" onClick={calls.reload}>
        Refresh calls
      </button>
      <LoadState error={calls.error} loading={calls.data === undefined} />
      {calls.data?.calls.length === 0 && <p class="muted">No click-to-dial calls yet.</p>}
      <ul class="cards" aria-label="Calls">
        {(calls.data?.calls ?? []).map((call) => (
          <li key={call.callId} class="card">
            <p class="row wrap">
              <strong>
                {call.userEmail} → {call.destination}
              </strong>
              <Badge value={call.status} />
            </p>
            <p class="small muted">{call.history.map((step) => `${step.status} ${time(step.at)}`).join(' · ')}</p>
            <div class="row wrap">
              {(shared.catalogue?.callActions ?? []).map((action) => (
                <button
                  key={action}
                  type="button"
                  class="secondary"
                  disabled={busy}
                  aria-label={`${action} call to ${call.destination}`}
                  onClick={() => {
                    void run(async () => {
                      await control('POST', `/calls/${call.callId}/${action}`);
                      calls.reload();
                    }, `Call: ${action} done.`);
                  }}
                >
                  {action}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function CarrierPanel() {
  const carrier = useLoad(() => control<{ carrier: CarrierState }>('GET', '/carrier'), []);
  const [reason, setReason] = useState('Carrier outage');
  const { busy, run } = useAction();
  const mode = carrier.data?.carrier.mode;
  const set = (next: 'accept' | 'reject') => {
    void run(
      async () => {
        await control('PUT', '/carrier', next === 'reject' ? { mode: next, reason } : { mode: next });
        carrier.reload();
      },
      `The carrier now ${next === 'accept' ? 'accepts' : 'rejects'} live sends.`,
    );
  };
  return (
    <Panel title="Carrier (live tenants)">
      <p>
        Mode: {mode === undefined ? '…' : <Badge value={mode} />}{' '}
        <span class="muted small">{carrier.data?.carrier.messages.length ?? 0} messages sent through it</span>
      </p>
      <div class="row wrap">
        <InputField label="Rejection reason" wide value={reason} onInput={setReason} />
        <button
          type="button"
          disabled={busy || mode === 'reject'}
          onClick={() => {
            set('reject');
          }}
        >
          Reject live sends
        </button>
        <button
          type="button"
          class="secondary"
          disabled={busy || mode === 'accept'}
          onClick={() => {
            set('accept');
          }}
        >
          Accept live sends
        </button>
      </div>
    </Panel>
  );
}

function InboundSmsPanel({ shared }: { shared: Shared }) {
  const [tenantId, setTenantId] = useState('');
  const [to, setTo] = useState('');
  const [from, setFrom] = useState('+14155550199');
  const [body, setBody] = useState('Hello from a customer');
  const { busy, run } = useAction();
  const tenant = shared.tenants.find((candidate) => candidate.id === tenantId) ?? shared.tenants[0];
  const number = to === '' ? tenant?.smsNumbers[0] : to;
  return (
    <Panel title="Inbound SMS">
      <form
        class="stack"
        aria-label="Receive an inbound SMS"
        onSubmit={(event) => {
          event.preventDefault();
          void run(
            () => control('POST', '/sms/inbound', { tenantId: tenant?.id, to: number, from, body }),
            'Inbound SMS delivered.',
          );
        }}
      >
        <div class="row wrap">
          <SelectField
            label="Tenant"
            value={tenant?.id ?? ''}
            options={tenantOptions(shared.tenants)}
            onChange={(value) => {
              setTenantId(value);
              setTo('');
            }}
          />
          <SelectField
            label="To"
            value={number ?? ''}
            options={(tenant?.smsNumbers ?? []).map((candidate) => [candidate, candidate] as const)}
            onChange={setTo}
          />
          <InputField label="From" type="tel" value={from} onInput={setFrom} />
        </div>
        <InputField label="Message" multiline value={body} onInput={setBody} />
        <div>
          <button type="submit" disabled={busy || number === undefined}>
            Receive SMS
          </button>
        </div>
      </form>
    </Panel>
  );
}

function FaultsPanel({ onArmed }: { onArmed: () => void }) {
  const [method, setMethod] = useState('');
  const [path, setPath] = useState('/api/v1/contacts');
  const [status, setStatus] = useState('503');
  const [times, setTimes] = useState('1');
  const [delayMs, setDelayMs] = useState('');
  const { busy, run } = useAction();
  return (
    <Panel title="Faults">
      <form
        class="row wrap"
        aria-label="Inject a fault"
        onSubmit={(event) => {
          event.preventDefault();
          const fault = {
            path,
            times: Number(times),
            ...(method === '' ? {} : { method }),
            ...(status === '' ? {} : { status: Number(status) }),
            ...(delayMs === '' ? {} : { delayMs: Number(delayMs) }),
          };
          void run(async () => {
            await control('POST', '/faults', fault);
            onArmed();
          }, `Fault armed for the next ${times} matching requests.`);
        }}
      >
        <SelectField
          label="Method"
          value={method}
          onChange={setMethod}
          options={[['', 'any'], ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((name) => [name, name] as const)]}
        />
        <InputField label="Path" wide value={path} onInput={setPath} />
        <InputField label="Status" type="number" min={100} max={599} value={status} onInput={setStatus} />
        <InputField label="Times" type="number" min={1} value={times} onInput={setTimes} />
        <InputField label="Delay (ms)" type="number" min={0} value={delayMs} onInput={setDelayMs} />
        <button type="submit" disabled={busy}>
          Inject fault
        </button>
      </form>
    </Panel>
  );
}

function EventsPanel() {
  const events = useLoad(() => control<{ events: MockEvent[] }>('GET', '/events'), []);
  const list = [...(events.data?.events ?? [])].reverse();
  return (
    <Panel title="Events">
      <button type="button" class="secondary" onClick={events.reload}>
        Refresh events
      </button>
      <LoadState error={events.error} loading={events.data === undefined} />
      {events.data?.events.length === 0 && <p class="muted">No events yet.</p>}
      <ul class="journal" aria-label="Events">
        {list.map((event) => (
          <li key={event.id}>
            <details>
              <summary>
                <strong>{event.type}</strong> <span class="muted small">{time(event.timestamp)}</span>
              </summary>
              <Json value={event} label={`Event ${event.id}`} />
            </details>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function ScenarioPanel({ shared }: { shared: Shared }) {
  const [text, setText] = useState('');
  const { busy, run } = useAction();
  const load = (scenario: unknown, what: string) =>
    run(async () => {
      await control('PUT', '/scenario', scenario);
      shared.reloadWorld();
      shared.clearJournal();
    }, `${what} loaded: the world starts over.`);
  return (
    <Panel title="Scenario">
      <div class="row wrap spaced">
        <button
          type="button"
          class="danger"
          disabled={busy}
          onClick={() => {
            void run(async () => {
              await control('POST', '/reset');
              shared.reloadWorld();
              shared.clearJournal();
            }, 'Reset to the loaded scenario.');
          }}
        >
          Reset the world
        </button>
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() => {
            void run(async () => {
              const { scenario } = await control<{ scenario: unknown }>('GET', '/export');
              const blob = new Blob([`${JSON.stringify(scenario, null, 2)}\n`], { type: 'application/json' });
              const link = document.createElement('a');
              link.href = URL.createObjectURL(blob);
              link.download = 'scenario.json';
              link.click();
              URL.revokeObjectURL(link.href);
              setText(JSON.stringify(scenario, null, 2));
            }, 'The current world was exported as scenario.json.');
          }}
        >
          Export as scenario
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={() => void load('demo', 'The demo scenario')}>
          Load the demo scenario
        </button>
      </div>
      <form
        class="stack"
        aria-label="Load a scenario"
        onSubmit={(event) => {
          event.preventDefault();
          let scenario: unknown;
          try {
            scenario = JSON.parse(text);
          } catch (error) {
            void run(() => Promise.reject(new Error(`Not JSON: ${errorMessage(error)}`)), '');
            return;
          }
          void load(scenario, 'The scenario');
        }}
      >
        <InputField
          label="Scenario JSON"
          multiline
          mono
          value={text}
          placeholder='{ "tenants": [ … ], "apiKeys": [ … ] }'
          onInput={setText}
        />
        <label>
          Or a file{' '}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              void e.currentTarget.files?.[0]?.text().then(setText);
            }}
          />
        </label>
        <div>
          <button type="submit" disabled={busy || text.trim() === ''}>
            Load scenario
          </button>
        </div>
      </form>
    </Panel>
  );
}

export function WorldView({ shared }: { shared: Shared }) {
  const [overridesRound, setOverridesRound] = useState(0);
  return (
    <div class="grid">
      <ClockPanel />
      <CarrierPanel />
      <InboundSmsPanel shared={shared} />
      <FaultsPanel
        onArmed={() => {
          setOverridesRound((round) => round + 1);
        }}
      />
      <OverridesPanel round={overridesRound} />
      <CallsPanel shared={shared} />
      <EventsPanel />
      <ScenarioPanel shared={shared} />
      <SnapshotPanel shared={shared} />
    </div>
  );
}
