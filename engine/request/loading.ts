type Listener = () => void;

/** Counts calls in flight so one indicator covers overlapping calls. */
export function createLoadingCounter() {
  let count = 0;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    begin() {
      count += 1;
      emit();
    },
    end() {
      count = Math.max(0, count - 1);
      emit();
    },
    get active() {
      return count > 0;
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type LoadingCounter = ReturnType<typeof createLoadingCounter>;
