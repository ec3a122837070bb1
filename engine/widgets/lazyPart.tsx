// A part of a page that shows only after a click (a dialog, a popover's content, the favourites),
// whose code loads the first time it renders: a route downloads what it renders, not every dialog it
// could open. Until the file is there the part shows `fallback` (nothing, or antd's Spin where the
// part sits in a box already open); `preload()` starts the download earlier, when the pointer or the
// focus reaches the button that opens it.
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

export type LazyPart<P> = ComponentType<P> & { preload(): void };

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // A failed preload (a hover while offline) is tried again when the part renders.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // React's types lose a generic component's props through lazy(): they are the part's own.
  const Deferred = lazy(start) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, never while rendering.
  const Part = (props: P) => (
    <Suspense fallback={fallback}>
      <Deferred {...props} />
    </Suspense>
  );
  return Object.assign(Part, { preload: () => void start().catch(() => undefined) });
}
