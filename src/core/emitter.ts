import { invalid } from './errors';

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
  /** `off()` removes every handler; `off(types)` all of those events; `off(types, h)` just `h`; `off(undefined, h)` `h` from every event. */
  off(types?: string | readonly string[], handler?: (...args: never[]) => void): void;
  emit<K extends keyof M & string>(type: K, data: M[K]): void;
}

/** One subscription: the handler, and whether it runs once (then it is removed before it runs). */
type Entry = [handler: (data: unknown, type: string) => void, once: boolean];

const split = (types: unknown): unknown[] => (typeof types === 'string' ? types.split(/\s+/).filter(Boolean) : Array.isArray(types) ? types : []);

/**
 * A small typed event emitter. `known` lists the accepted names, so a typo such as
 * `statusdone` fails loudly at `on()` instead of never firing. A handler that throws is
 * reported through `report` and does not stop the handlers after it.
 */
export function createEmitter<M extends object>(
  known: Pick<ReadonlySet<unknown>, 'has'>,
  report: (error: unknown) => void = (error) => console.error(error),
): Emitter<M> {
  // Lists are replaced, never changed in place: an emit that is running keeps the list it started with.
  const handlers = new Map<unknown, Entry[]>();
  const remove = (name: unknown, keep: (entry: Entry) => boolean) => {
    const list = handlers.get(name);
    if (list) handlers.set(name, list.filter(keep));
  };

  function add(types: unknown, handler: unknown, once: boolean): () => void {
    const names = split(types);
    const unknown = names.findIndex((name) => !known.has(name));
    if (!names.length || unknown >= 0) {
      throw invalid('types', names.length ? `unknown event ${String(names[unknown])}` : 'expected event names');
    }
    if (typeof handler !== 'function') throw invalid('handler', 'expected a function');
    const removers = names.map((name) => {
      const entry: Entry = [handler as Entry[0], once];
      handlers.set(name, [...(handlers.get(name) ?? []), entry]);
      return () => remove(name, (e) => e !== entry);
    });
    return () => removers.forEach((drop) => drop());
  }

  return {
    on: (types, handler) => add(types, handler, false),
    once: (types, handler) => add(types, handler, true),
    off(types, handler) {
      // No names: every event; no handler: every handler of those events.
      const names = types === undefined ? [...handlers.keys()] : split(types);
      for (const name of names) remove(name, (entry) => handler !== undefined && entry[0] !== handler);
    },
    emit(type, data) {
      for (const entry of handlers.get(type) ?? []) {
        try {
          if (entry[1]) remove(type, (e) => e !== entry);
          entry[0](data, type);
        } catch (error) {
          report(error);
        }
      }
    },
  };
}
