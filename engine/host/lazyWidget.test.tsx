import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { widgets } from '../widgets/registry';
import { lazyWidget } from './lazyWidget';
import { preloadWidgets, screenWidgets } from './widgets';

function Value({ value }: { value: string }) {
  return createElement('b', null, value);
}

describe('a lazy widget', () => {
  it('shows a placeholder until its code is there, then the widget itself', async () => {
    let loads = 0;
    const lazy = lazyWidget('value', async () => {
      loads += 1;
      return Value;
    });
    expect(renderToString(createElement(lazy.Widget, { value: 'x' }))).toContain('widget-loading');
    expect(await lazy.load()).toBe(Value);
    expect(renderToString(createElement(lazy.Widget, { value: 'x' }))).toBe('<b>x</b>');
    await lazy.load();
    expect(loads).toBe(1);
  });

  it('may be loaded again after a failed download', async () => {
    let fail = true;
    const lazy = lazyWidget('flaky', async () => {
      if (fail) throw new Error('offline');
      return () => null;
    });
    await expect(lazy.load()).rejects.toThrow('offline');
    fail = false;
    await expect(lazy.load()).resolves.toBeTypeOf('function');
  });
});

describe('the widgets of a screen', () => {
  it('are every widget named anywhere in it, once', () => {
    const screen = {
      kind: 'form',
      fields: [
        { prop: 'a', widget: 'input' },
        { prop: 'b', widget: 'date' },
        { prop: 'lines', widget: 'editableTable', table: { columns: [{ prop: 'qty', widget: 'decimal' }] } },
      ],
      search: [
        { prop: 'c', widget: 'input' },
        { prop: 'd', widget: 'noSuchWidget' },
      ],
    };
    expect(screenWidgets(screen).sort()).toEqual(['date', 'decimal', 'editableTable', 'input']);
  });

  // The first import of antd's inputs takes seconds in a fresh worker.
  it('load, and then render at once', { timeout: 30_000 }, async () => {
    await preloadWidgets(['input']);
    const html = renderToString(createElement(widgets.get('input'), { value: 'typed' }));
    expect(html).not.toContain('widget-loading');
    expect(html).toContain('typed');
  });
});
