import { PayUIError } from './errors';

/** `'a b'` → `'a' | 'b'`; the type-level twin of splitting on runs of spaces. */
type SplitNames<S extends string> = S extends ` ${infer Rest}`
  ? SplitNames<Rest>
  : S extends `${infer Head} ${infer Rest}`
    ? Head | SplitNames<Rest>
    : S extends ''
      ? never
      : S;

/** Event names a `types` argument stands for: one name, space-separated names, or an array. */
export type NamesOf<T> = T extends readonly (infer U)[] ? U : T extends string ? SplitNames<T> : never;

/** `T` itself when every name in it is an event of `M`; `never` (a compile error) otherwise. */
export type KnownNames<M, T> = [NamesOf<T>] extends [keyof M] ? T : never;

export type Handler<M, K extends keyof M> = (data: M[K], type: K) => void;

export interface Emitter<M> {
  /** Subscribes; `types` is a name, `'a b'` or `['a', 'b']`. Returns the unsubscribe function. */
  on<const T extends string | readonly (keyof M & string)[]>(
    types: T & KnownNames<M, T>,
    handler: Handler<M, NamesOf<T> & keyof M>,
  ): () => void;
  /** Like `on`, but the handler runs at most once (per name it was given for). */
  once<const T extends string | readonly (keyof M & string)[]>(
    types: T & KnownNames<M, T>,
    handler: Handler<M, NamesOf<T> & keyof M>,
  ): () => void;
  /** `off()` removes every handler; `off(types)` all of those events; `off(types, h)` just `h`. */
  off(types?: string | readonly string[], handler?: (...args: never[]) => void): void;
  emit<K extends keyof M & string>(type: K, data: M[K]): void;
}

interface Entry {
  readonly handler: (data: unknown, type: string) => void;
  /** What the caller passed, so `off(type, handler)` also finds `once` wrappers. */
  readonly original: unknown;
}

function splitTypes(types: unknown): string[] {
  if (typeof types === 'string') return types.split(/\s+/).filter(Boolean);
  if (Array.isArray(types)) return types.filter((t): t is string => typeof t === 'string');
  return [];
}

/**
 * A small typed event emitter. `known` lists the accepted names, so a typo such as
 * `statusdone` fails loudly at `on()` instead of never firing. A handler that throws is
 * reported through `report` and does not stop the handlers after it.
 */
export function createEmitter<M extends object>(
  known: ReadonlySet<string>,
  report: (error: unknown) => void = (error) => console.error(error),
): Emitter<M> {
  const handlers = new Map<string, Entry[]>();

  function namesFor(types: unknown): string[] {
    const names = splitTypes(types);
    if (names.length === 0 || (typeof types !== 'string' && !Array.isArray(types))) {
      throw new PayUIError('INVALID_OPTION', 'expected event names', 'types');
    }
    for (const name of names) {
      if (!known.has(name)) {
        throw new PayUIError('INVALID_OPTION', `unknown event ${name}`, 'types');
      }
    }
    return names;
  }

  function add(types: unknown, handler: unknown, once: boolean): () => void {
    const names = namesFor(types);
    if (typeof handler !== 'function') {
      throw new PayUIError('INVALID_OPTION', 'expected a function', 'handler');
    }
    const entries = names.map((name) => {
      const entry: Entry = {
        original: handler,
        handler: once
          ? (data, type) => {
              remove(name, entry);
              (handler as Entry['handler'])(data, type);
            }
          : (handler as Entry['handler']),
      };
      const list = handlers.get(name) ?? [];
      list.push(entry);
      handlers.set(name, list);
      return [name, entry] as const;
    });
    return () => entries.forEach(([name, entry]) => remove(name, entry));
  }

  function remove(name: string, entry: Entry): void {
    const list = handlers.get(name);
    const index = list ? list.indexOf(entry) : -1;
    if (list && index >= 0) list.splice(index, 1);
  }

  return {
    on: (types, handler) => add(types, handler, false),
    once: (types, handler) => add(types, handler, true),
    off(types, handler) {
      if (types === undefined) {
        handlers.clear();
        return;
      }
      for (const name of splitTypes(types)) {
        const list = handlers.get(name);
        if (!list) continue;
        if (handler === undefined) handlers.delete(name);
        else handlers.set(name, list.filter((entry) => entry.original !== handler));
      }
    },
    emit(type, data) {
      // A copy, so handlers that subscribe or unsubscribe while we run do not skip anyone.
      for (const entry of [...(handlers.get(type) ?? [])]) {
        try {
          entry.handler(data, type);
        } catch (error) {
          report(error);
        }
      }
    },
  };
}
