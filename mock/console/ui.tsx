/** The pieces every page shares: loading a resource, showing a refusal, form fields, paging. */
import { Fragment, type ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure } from './api';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` now and whenever `deps` change or `reload()` is called; the latest answer wins. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: null, error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

/** What went wrong, as a merchant can read it: 501 as "not available", 422 with its fields. */
export function Failure({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiFailure && error.notAvailable) {
    return (
      <div class="notice notice-info" role="status">
        <strong>Not available in this version of the offline service.</strong>
        <p>The operation is described in the API reference, but this version does not answer it yet (501).</p>
      </div>
    );
  }
  const failure = error instanceof ApiFailure ? error : new ApiFailure(0, error instanceof Error ? error.message : String(error));
  const fields = Object.entries(failure.fields);
  return (
    <div class="notice notice-error" role="alert">
      <strong>{failure.status ? `${failure.status}: ` : ''}{failure.message}</strong>
      {failure.global.length > 0 && <ul>{failure.global.map((text) => <li key={text}>{text}</li>)}</ul>}
      {fields.length > 0 && (
        <ul>
          {fields.map(([path, messages]) => <li key={path}><code>{path}</code> {messages.join('; ')}</li>)}
        </ul>
      )}
      {failure.requestId && <p class="muted">request id <code>{failure.requestId}</code></p>}
    </div>
  );
}

/** A polite announcement of what just happened ("Item saved"). */
export function Done({ text }: { text: string | null }) {
  return <p class="done" role="status">{text ?? ''}</p>;
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  type?: 'text' | 'password' | 'url' | 'email';
  required?: boolean;
  hint?: string;
  /** The service's messages for this field (from a 422). */
  errors?: string[] | undefined;
  inputMode?: 'decimal' | 'numeric' | 'text' | 'url' | 'email';
  autoComplete?: string;
  /** What the browser checks before the form is sent. */
  pattern?: string;
  /** A text area of this many rows (one value per line) instead of a one-line input. */
  rows?: number;
}

/** `aria-describedby` of a field: its hint and its errors. */
const describedBy = (id: string, hint: string | undefined, errors: string[] | undefined) =>
  [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A field's hint and the service's messages for it. */
function FieldNotes({ id, hint, errors }: { id: string; hint?: string | undefined; errors?: string[] | undefined }) {
  return (
    <>
      {hint && <small id={`${id}-hint`} class="muted">{hint}</small>}
      {errors?.length ? <small id={`${id}-error`} class="field-error">{errors.join('; ')}</small> : null}
    </>
  );
}

export function Field({ id, label, value, onInput, type = 'text', required, hint, errors, inputMode, autoComplete, pattern, rows }: FieldProps) {
  const common = {
    id,
    name: id,
    value,
    required,
    autoComplete: autoComplete ?? 'off',
    'aria-invalid': errors?.length ? ('true' as const) : undefined,
    'aria-describedby': describedBy(id, hint, errors),
    onInput: (event: Event) => onInput((event.currentTarget as HTMLInputElement | HTMLTextAreaElement).value),
  };
  return (
    <div class="field">
      <label for={id}>{label}{required ? ' (required)' : ''}</label>
      {rows ? <textarea {...common} rows={rows} spellcheck={false} /> : <input {...common} type={type as 'text'} inputMode={inputMode} pattern={pattern} />}
      <FieldNotes id={id} hint={hint} errors={errors} />
    </div>
  );
}

interface SelectProps {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  hint?: string;
  errors?: string[] | undefined;
}

export function Select({ id, label, value, options, onChange, hint, errors }: SelectProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} name={id} value={value} aria-invalid={errors?.length ? 'true' : undefined} aria-describedby={describedBy(id, hint, errors)}
        onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value)}>
        {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
      <FieldNotes id={id} hint={hint} errors={errors} />
    </div>
  );
}

export function Check({ id, label, checked, onChange, errors }: { id: string; label: string; checked: boolean; onChange: (value: boolean) => void; errors?: string[] | undefined }) {
  return (
    <div class="field field-check">
      <input id={id} name={id} type="checkbox" checked={checked} aria-invalid={errors?.length ? 'true' : undefined} aria-describedby={describedBy(id, undefined, errors)}
        onChange={(event) => onChange((event.currentTarget as HTMLInputElement).checked)} />
      <label for={id}>{label}</label>
      <FieldNotes id={id} errors={errors} />
    </div>
  );
}

/** The messages a 422 gave for any of these paths (`name.en` and `name` both count for `name`). */
export function fieldErrors(error: unknown, ...paths: string[]): string[] | undefined {
  if (!(error instanceof ApiFailure)) return undefined;
  const found = Object.entries(error.fields).filter(([path]) => paths.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`)));
  return found.length ? found.flatMap(([, messages]) => messages) : undefined;
}

/** A table that scrolls sideways inside its own region on a narrow screen, never the page. */
export function TableRegion({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export const PAGE_SIZE = 20;

/** "21–40 of 57" with Previous and Next. */
export function Pager({ offset, total, count, onOffset, label }: { offset: number; total: number | null; count: number; onOffset: (offset: number) => void; label: string }) {
  const last = offset + count;
  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <button type="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - PAGE_SIZE))}>Previous</button>
      <span aria-live="polite">{count === 0 ? 'none' : `${offset + 1}–${last}`}{total !== null ? ` of ${total}` : ''}</span>
      <button type="button" disabled={total !== null ? last >= total : count < PAGE_SIZE} onClick={() => onOffset(offset + PAGE_SIZE)}>Next</button>
    </nav>
  );
}

/**
 * Delete, then "Delete X? Yes / No" in place: no browser dialog. Focus follows by keyboard: to No
 * when asked (the answer that changes nothing), back to the button after No.
 */
export function ConfirmButton({ label, question, onConfirm }: { label: string; question: string; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  const focused = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    if (asking || answered.current) focused.current?.focus();
  }, [asking]);
  if (!asking) return <button type="button" class="danger" ref={focused} onClick={() => setAsking(true)}>{label}</button>;
  return (
    <span class="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button type="button" class="danger" onClick={() => { setAsking(false); onConfirm(); }}>Yes</button>
      <button type="button" ref={focused} onClick={() => { answered.current = true; setAsking(false); }}>No</button>
    </span>
  );
}

/** A page's heading, focused when the page is shown (so a screen reader hears where it is). */
export function PageTitle({ children }: { children: ComponentChildren }) {
  return <h1 id="page-title" tabIndex={-1}>{children}</h1>;
}

/** Changes made from a list (enable, delete, resend…): the announcement or the refusal, then the list again. */
export function useActions(reload: () => void) {
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  async function act(work: () => Promise<unknown>, text = '') {
    setError(null);
    try {
      await work();
      if (text) setDone(text);
      reload();
    } catch (failure) {
      setError(failure);
    }
  }
  /** What a form did, announced, and the list again. */
  const finish = (text: string) => {
    setDone(text);
    reload();
  };
  return { done, setDone, error, act, finish };
}

/** A form's draft, the service's refusal of it, and its submit (`save` says what it did). */
export function useForm<D>(initial: () => D, save: (draft: D) => Promise<string>, onDone: (text: string) => void) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<unknown>(null);
  const set = (change: Partial<D>) => setDraft((d) => ({ ...d, ...change }));
  async function submit(event: Event) {
    event.preventDefault();
    setError(null);
    try {
      onDone(await save(draft));
    } catch (failure) {
      setError(failure);
    }
  }
  return { draft, set, error, submit };
}

export type Editing<T> = T | 'new' | null;

interface EditorProps<T> {
  editing: Editing<T>;
  setEditing: (value: Editing<T>) => void;
  newLabel: string;
  /** The form of a record (null: a new one); it calls `done` once saved, which closes it. */
  form: (record: T | null, done: (text: string) => void) => ComponentChildren;
  onDone: (text: string) => void;
}

/** "New …", or the open form (of a new record, or of the one being edited) with Cancel. */
export function Editor<T extends { id: number }>({ editing, setEditing, newLabel, form, onDone }: EditorProps<T>) {
  if (editing === null) return <button type="button" class="primary" onClick={() => setEditing('new')}>{newLabel}</button>;
  const done = (text: string) => {
    setEditing(null);
    onDone(text);
  };
  return (
    <Fragment key={editing === 'new' ? 'new' : editing.id}>
      {form(editing === 'new' ? null : editing, done)}
      <button type="button" onClick={() => setEditing(null)}>Cancel</button>
    </Fragment>
  );
}

/** A record's form: its title (also its name), its fields, the submit button, and the service's refusal. */
export function RecordForm(props: { title: string; submitLabel: string; onSubmit: (event: Event) => void; error: unknown; children: ComponentChildren }) {
  return (
    <form onSubmit={props.onSubmit} class="panel" aria-label={props.title}>
      <h2>{props.title}</h2>
      {props.children}
      <button type="submit" class="primary">{props.submitLabel}</button>
      <Failure error={props.error} />
    </form>
  );
}

/** `YYYY-MM-DDTHH:mm` of an ISO timestamp in local time (what a datetime-local input shows); '' for none. */
function localInput(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** A date and time in the browser's time zone; `value` and `onInput` are ISO 8601 timestamps (UTC), '' for none. */
export function DateTimeField({ id, label, value, onInput, hint, errors, required }: { id: string; label: string; value: string; onInput: (iso: string) => void; hint?: string; errors?: string[] | undefined; required?: boolean }) {
  return (
    <div class="field">
      <label for={id}>{label}{required ? ' (required)' : ''}</label>
      <input id={id} name={id} type="datetime-local" value={localInput(value)} required={required} aria-invalid={errors?.length ? 'true' : undefined} aria-describedby={describedBy(id, hint, errors)}
        onInput={(event) => {
          const local = (event.currentTarget as HTMLInputElement).value;
          onInput(local ? new Date(local).toISOString() : '');
        }} />
      <FieldNotes id={id} hint={hint} errors={errors} />
    </div>
  );
}
