// A widget whose code loads when it is first needed: a route downloads the widgets its screen uses,
// not every widget of the engine (the date pickers, the permission tree, upload, the rich text editor
// and the editable table weigh more than most pages). The host loads a screen's widgets before it
// renders a form or detail page (host/widgets.ts, preloadWidgets), so those render at once; a widget
// rendered before its code is there (the list's advanced search, an action's dialog) shows a
// placeholder of an input's height for the moment its file takes.
import { createElement, forwardRef, lazy, Suspense, useState } from 'react';
import type { Widget } from '../widgets/registry';

export interface LazyWidget {
  /** What the registry holds: renders the widget once its code is there. */
  Widget: Widget;
  /** Loads the widget's code (once); resolves with the widget. */
  load(): Promise<Widget>;
}

export function lazyWidget(name: string, load: () => Promise<Widget>): LazyWidget {
  let loaded: Widget | undefined;
  let loading: Promise<Widget> | undefined;
  const start = () => {
    loading ??= load().then(
      (widget) => {
        loaded = widget;
        return widget;
      },
      (error: unknown) => {
        // A failed download may be tried again (the next render, the next page).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Deferred = lazy(() => start().then((widget) => ({ default: widget })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per widget name, when the registry is filled, never while rendering.
  const Rendered = forwardRef<unknown, Record<string, unknown>>(function LazyWidget(props, ref) {
    // An instance keeps the component it started with: changing it would mount the widget anew and
    // lose what it holds (the focus, an open dropdown).
    const [ready] = useState(() => loaded);
    if (ready) return createElement(ready, { ...props, ref });
    return (
      <Suspense fallback={<span className="widget-loading" aria-busy="true" />}>
        {createElement(Deferred, { ...props, ref })}
      </Suspense>
    );
  });
  Rendered.displayName = `LazyWidget(${name})`;
  return { Widget: Rendered, load: start };
}
