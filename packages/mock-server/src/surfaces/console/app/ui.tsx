/** Small building blocks every view uses: loading data, notices, secrets shown once, copying. */
import type { ComponentChildren } from 'preact';
import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useState } from 'preact/hooks';
import type { Tenant } from './types.js';

/** Announces a result or an error in the page's live region. */
export type Notify = (message: string, kind?: 'ok' | 'error') => void;
export const NotifyContext = createContext<Notify>(() => undefined);
export const useNotify = () => useContext(NotifyContext);

/** Loads data (again on `reload()` or when `deps` change); errors become a message. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => {
        if (live) {
          setData(value);
          setError(undefined);
        }
      },
      (failure: unknown) => {
        if (live) setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => {
    setRound((value) => value + 1);
  }, []);
  return { data, error, reload };
}

/** Runs an action, announcing success or the mock's error message. */
export function useAction() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
      setBusy(true);
      try {
        await action();
        notify(success, 'ok');
        return true;
      } catch (error) {
        notify(error instanceof Error ? error.message : String(error), 'error');
        return false;
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );
  return { busy, run };
}

/** A button that copies `text` to the clipboard. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const notify = useNotify();
  return (
    <button
      type="button"
      class="secondary"
      aria-label={label}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => {
            notify('Copied to the clipboard.', 'ok');
          },
          () => {
            notify('The browser refused the clipboard: select the text and copy it by hand.', 'error');
          },
        );
      }}
    >
      Copy
    </button>
  );
}

/** A secret shown this once, with a copy button: gone on dismiss, and on reload (never stored). */
export function SecretOnce({ label, secret, onDismiss }: { label: string; secret: string; onDismiss: () => void }) {
  return (
    <section class="secret" aria-label={label}>
      <p>
        <strong>{label}</strong>: shown this once. Copy it now; the mock keeps only a hash or a masked hint.
      </p>
      <div class="row">
        <input
          class="mono grow"
          readOnly
          value={secret}
          aria-label={label}
          onFocus={(e) => {
            e.currentTarget.select();
          }}
        />
        <CopyButton text={secret} label={`Copy ${label.toLowerCase()}`} />
        <button type="button" class="secondary" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}

/** A status word with a colour that never carries the meaning alone. */
export function Badge({ value }: { value: string | number }) {
  const text = String(value);
  const tone = /^(2\d\d|succeeded|enabled|active|accept|completed|answered|bridged)$/.test(text)
    ? 'good'
    : /^(4\d\d|5\d\d|failed|revoked|disabled|reject|busy|canceled|no-answer)$/.test(text)
      ? 'bad'
      : 'neutral';
  return <span class={`badge ${tone}`}>{text}</span>;
}

/** Pretty JSON in a labelled, scrollable block. */
export function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <pre class="json" tabIndex={0} aria-label={label}>
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** A titled part of a view. */
export function Panel({ title, children, id }: { title: string; children: ComponentChildren; id?: string }) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section class="panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {children}
    </section>
  );
}

/** What a failed load says, or a quiet "Loading…". */
export function LoadState({ error, loading }: { error: string | undefined; loading: boolean }) {
  if (error !== undefined) return <p class="error">Could not load: {error}</p>;
  return loading ? <p class="muted">Loading…</p> : null;
}

/** A short, readable time. */
export const time = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');

/** A labelled select; `options` are `[value, text]` pairs. */
export function SelectField<Value extends string>(props: {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  options: readonly (readonly [Value, string])[];
}) {
  return (
    <label>
      {props.label}{' '}
      <select
        value={props.value}
        onChange={(e) => {
          // The option chosen, typed as the options are: the select offers nothing else.
          const chosen = props.options.find(([value]) => value === e.currentTarget.value);
          if (chosen !== undefined) props.onChange(chosen[0]);
        }}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The tenants as select options, by name (and mode). */
export const tenantOptions = (tenants: readonly Tenant[], withMode = false) =>
  tenants.map((tenant) => [tenant.id, withMode ? `${tenant.name} (${tenant.mode})` : tenant.name] as const);

/** A labelled text, number or multi-line input bound to a string. */
export function InputField(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  type?: 'text' | 'number' | 'url' | 'tel';
  multiline?: boolean;
  wide?: boolean;
  min?: number;
  max?: number;
  placeholder?: string;
  required?: boolean;
  mono?: boolean;
}) {
  const set = (e: { currentTarget: { value: string } }) => {
    props.onInput(e.currentTarget.value);
  };
  const shared = {
    value: props.value,
    onInput: set,
    placeholder: props.placeholder,
    required: props.required,
    class: props.mono === true ? 'mono' : undefined,
  };
  return (
    <label class={props.wide === true ? 'grow' : undefined}>
      {props.label}{' '}
      {props.multiline === true ? (
        <textarea rows={props.mono === true ? 8 : 2} {...shared} />
      ) : (
        <input
          // Preact types each input type apart (a union of attribute sets, one per type): this one
          // element renders the four, so tsc needs the cast on the spread below; eslint does not see why.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion, @typescript-eslint/consistent-type-assertions -- each of the four types takes every attribute given here
          type={(props.type ?? 'text') as 'text'}
          min={props.min}
          max={props.max}
          inputMode={props.type === 'number' ? 'numeric' : props.type === 'tel' ? 'tel' : undefined}
          {...shared}
        />
      )}
    </label>
  );
}
