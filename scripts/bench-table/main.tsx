// The bench:table page (not part of the product): renders 1000 rows x 30 columns either with our list
// page (?mode=ours) or with a plain, non-virtual antd Table of the same data (?mode=plain), and
// reports the render time and the frames while scrolling on window.__bench.
// Ours carries what a real list page does: the selection, a frozen column, an operations column of two
// buttons, status tags, formatted dates and numbers. The plain table shows the same values as they
// are, without the operations: the comparison does not flatter ours.
import type { Column, Screen } from '@schemas/generated/screen';
import { App, Table } from 'antd';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import '../../engine/host/widgets';
import ListPage from '../../engine/pages/list/ListPage';
import type { PageDeps } from '../../engine/pages/types';
import { FLAG_ORDER, type MenuFlags } from '../../engine/screens/flags';
import { normaliseScreen } from '../../engine/screens/normalise';

/** 1000 by default (a virtual page); ?rows=100 measures the largest page the plain antd table renders. */
const ROWS = Number(new URLSearchParams(location.search).get('rows') ?? 1000);
const COLUMNS = 30;
/** One mouse-wheel notch in Chromium, scrolled every frame. */
const SCROLL_STEP = 120;

declare global {
  interface Window {
    __bench?: {
      renderMs?: number;
      longestFrameMs?: number;
      longestVerticalMs?: number;
      longestHorizontalMs?: number;
      p95FrameMs?: number;
      frames?: { vertical: number[]; horizontal: number[] };
      error?: string;
    };
  }
}

const props = Array.from({ length: COLUMNS }, (_, i) => `c${i}`);
/** Column c1 is a status, c2 a date and time, every third one a number, the others text. */
const typeOf = (i: number): Column['type'] =>
  i === 1 ? 'status' : i === 2 ? 'datetime' : i % 3 === 0 && i > 0 ? 'number' : 'text';
const records = Array.from({ length: ROWS }, (_, r) => {
  const row: Record<string, unknown> = { id: `r${r}`, version: 1 };
  props.forEach((p, i) => {
    const type = typeOf(i);
    row[p] =
      type === 'status'
        ? String(r % 2)
        : type === 'datetime'
          ? new Date(Date.UTC(2025, 0, 1) + r * 3_600_000).toISOString()
          : type === 'number'
            ? r * 31.5 + i
            : `value ${r}-${i}`;
  });
  return row;
});

const screenJson: Screen = {
  name: 'Bench.Table',
  kind: 'list',
  path: '/bench/table',
  menuNo: 'Bench.Table',
  titleKey: 'bench',
  service: 'IBenchService',
  calls: { list: 'list' },
  list: {
    pageSize: ROWS as NonNullable<Screen['list']>['pageSize'],
    columns: props.map((prop, i) => ({
      prop,
      labelKey: `bench.${prop}`,
      type: typeOf(i),
      ...(i === 0 ? { fixed: 'left' as const } : {}),
    })) as [Column, ...Column[]],
    rowActions: [
      { kind: 'view', detail: '/bench/detail/:id' },
      { kind: 'custom', flag: 'isModify', labelKey: 'bench.approve', call: 'approve' },
    ],
    savedTags: false,
  },
};
const screen = normaliseScreen(screenJson, 'bench');
const menu = Object.fromEntries(
  FLAG_ORDER.map((f) => [f, f === 'isSearch' || f === 'isModify' ? 'Y' : 'N']),
) as MenuFlags;

// The bench measures rendering, so the data is local: the list call answers at once with the page.
const deps: PageDeps = {
  request: (async (call: string) => {
    if (call.endsWith('/list')) return { records, total: ROWS, current: 1, size: ROWS, pages: 1 };
    if (call.endsWith('/getColumnSetting')) return { columns: null };
    return { records: [] };
  }) as PageDeps['request'],
  navigate: () => undefined,
  confirm: async () => false,
  success: () => undefined,
};

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** The bench measures nothing when the table did not really scroll: it fails instead. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`did not scroll as asked: ${what}`);
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await nextFrame();
}

interface Scroller {
  /** Scrolls by one wheel notch: down (dy) or right (dx), negative for up or left. */
  step(dx: number, dy: number): void;
  /** How far it can scroll. */
  range(): { x: number; y: number };
  /** How far it has scrolled. */
  position(): { x: number; y: number };
}

/**
 * Our grid scrolls natively in one container, both ways: what a wheel or a scrollbar drag does to it
 * is what setting its scroll offsets does, every frame on the main thread (never less work than the
 * compositor's own scrolling of a wheel).
 */
function gridScroller(scroller: HTMLElement): Scroller {
  return {
    step(dx, dy) {
      if (dy) scroller.scrollTop += dy;
      if (dx) scroller.scrollLeft += dx;
    },
    range: () => ({
      x: scroller.scrollWidth - scroller.clientWidth,
      y: scroller.scrollHeight - scroller.clientHeight,
    }),
    position: () => ({ x: scroller.scrollLeft, y: scroller.scrollTop }),
  };
}

/** The plain table scrolls natively: the window down, its content box across. */
function nativeScroller(): Scroller {
  const content = document.querySelector<HTMLElement>('.ant-table-content')!;
  return {
    step(dx, dy) {
      if (dy) window.scrollBy(0, dy);
      if (dx) content.scrollLeft += dx;
    },
    range: () => ({
      x: content.scrollWidth - content.clientWidth,
      y: document.documentElement.scrollHeight - window.innerHeight,
    }),
    position: () => ({ x: content.scrollLeft, y: window.scrollY }),
  };
}

/**
 * One wheel notch every frame: down through all the rows, then across all 30 columns and back, and
 * returns each frame's length (from one animation frame to the next) by direction.
 */
async function scrollFrames(scroller: Scroller): Promise<{ vertical: number[]; horizontal: number[] }> {
  const { x, y } = scroller.range();
  const vertical: number[] = [];
  const horizontal: number[] = [];
  let last = await nextFrame();
  const frames = async (n: number, dx: number, dy: number, into: number[]) => {
    for (let i = 0; i < n; i++) {
      scroller.step(dx, dy);
      const now = await nextFrame();
      into.push(now - last);
      last = now;
    }
  };
  // Between directions the hand moves, as a user's does.
  const pause = async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    last = await nextFrame();
  };
  performance.mark('scroll-start');
  await frames(Math.ceil(y / SCROLL_STEP), 0, SCROLL_STEP, vertical);
  await pause();
  check(scroller.position().y >= y - 1, `scrolled down to ${scroller.position().y} of ${y}`);
  await frames(Math.ceil(x / SCROLL_STEP), SCROLL_STEP, 0, horizontal);
  await pause();
  check(scroller.position().x >= x - 1, `scrolled right to ${scroller.position().x} of ${x}`);
  await frames(Math.ceil(x / SCROLL_STEP), -SCROLL_STEP, 0, horizontal);
  await pause();
  check(scroller.position().x <= 1, `scrolled back left to ${scroller.position().x}`);
  performance.mark('scroll-end');
  return { vertical, horizontal };
}

async function run(mode: string) {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en-US', resources: {}, interpolation: { escapeValue: false } });
  const root = createRoot(document.getElementById('root')!);
  const start = performance.now();
  if (mode === 'plain') {
    root.render(
      <Table
        rowKey="id"
        size="small"
        bordered
        dataSource={records}
        columns={props.map((prop, i) => ({
          key: prop,
          dataIndex: prop,
          title: `bench.${prop}`,
          width: 130,
          fixed: i === 0 ? ('left' as const) : undefined,
        }))}
        rowSelection={{ type: 'checkbox', fixed: true }}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: ROWS }}
      />,
    );
  } else {
    root.render(
      <App>
        <MemoryRouter>
          <ListPage screen={screen} menu={menu} deps={deps} />
        </MemoryRouter>
      </App>,
    );
  }
  // The first data cell of the first row (after the selection cell), in either table.
  await until(() => (document.querySelector('[data-row-key] > :nth-child(2)')?.textContent ?? '') !== '');
  await nextFrame();
  await nextFrame();
  const renderMs = performance.now() - start;
  const grid = document.querySelector<HTMLElement>('.screen-grid__scroller');
  if (mode === 'ours' && ROWS > 100 && !grid) throw new Error('our list page did not render its grid');
  const { vertical, horizontal } = await scrollFrames(grid ? gridScroller(grid) : nativeScroller());
  const all = [...vertical, ...horizontal].sort((a, b) => a - b);
  window.__bench = {
    renderMs,
    longestFrameMs: all.at(-1),
    longestVerticalMs: Math.max(...vertical),
    longestHorizontalMs: Math.max(...horizontal),
    p95FrameMs: all[Math.floor(all.length * 0.95)],
    frames: { vertical, horizontal },
  };
}

run(new URLSearchParams(location.search).get('mode') ?? 'ours').catch((e: unknown) => {
  window.__bench = { error: String(e) };
});
