type Listener = () => void;

/**
 * Counts calls in flight so one indicator covers overlapping calls. What the indicator reads changes
 * only in a microtask after the count did, and only when it goes from idle to busy or back: a call
 * started while React renders (a page building its controller) must not update the indicator in the
 * middle of that render, which would make React throw the render away and start it again, and with it
 * the call, without end.
 */
export function createLoadingCounter() {
  let count = 0;
  let shown = false;
  let scheduled = false;
  const listeners = new Set<Listener>();
  const publish = () => {
    scheduled = false;
    const busy = count > 0;
    if (busy === shown) return;
    shown = busy;
    for (const l of listeners) l();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(publish);
  };
  return {
    begin() {
      count += 1;
      schedule();
    },
    end() {
      count = Math.max(0, count - 1);
      schedule();
    },
    get active() {
      return shown;
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
