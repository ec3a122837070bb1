import { useSyncExternalStore } from 'react';

type Listener = () => void;

export interface Store<T> {
  get(): T;
  set(next: Partial<T> | ((state: T) => Partial<T>)): void;
  reset(): void;
  subscribe(listener: Listener): () => void;
}

/** A minimal external store: state lives outside React so non-React code (request layer, guards) can read it. */
export function createStore<T extends object>(initial: () => T): Store<T> {
  let state = initial();
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    set(next) {
      const patch = typeof next === 'function' ? next(state) : next;
      state = { ...state, ...patch };
      emit();
    },
    reset() {
      state = initial();
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function useStore<T extends object>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
