/** One value of the page outside React, read with `useSyncExternalStore(store.subscribe, store.get)`. */
export interface ValueStore<T> {
  get: () => T;
  /** Replaces the value; listeners hear of a change only. */
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function valueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
