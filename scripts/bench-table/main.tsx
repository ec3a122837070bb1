// The bench:table page (not part of the product): renders 1000 rows x 30 columns either with our list
// page (?mode=ours) or with a plain, non-virtual antd Table of the same data (?mode=plain), and
// reports the render time and the longest frame while scrolling on window.__bench.
import type { Column, Screen } from '@schemas/generated/screen';
import { App, Table } from 'antd';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import ListPage from '../../engine/pages/list/ListPage';
import type { PageDeps } from '../../engine/pages/types';
import { FLAG_ORDER, type MenuFlags } from '../../engine/screens/flags';
import { normaliseScreen } from '../../engine/screens/normalise';

const ROWS = 1000;
const COLUMNS = 30;
/** One mouse-wheel notch in Chromium, scrolled every frame. */
const SCROLL_STEP = 120;

declare global {
  interface Window {
    __bench?: { renderMs?: number; longestFrameMs?: number; p95FrameMs?: number; error?: string };
  }
}

const props = Array.from({ length: COLUMNS }, (_, i) => `c${i}`);
const records = Array.from({ length: ROWS }, (_, r) => {
  const row: Record<string, unknown> = { id: `r${r}`, version: 1 };
  props.forEach((p, i) => {
    row[p] = i % 3 === 0 ? r * 31 + i : `value ${r}-${i}`;
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
    pageSize: 1000,
    columns: props.map((prop, i) => ({
      prop,
      labelKey: `bench.${prop}`,
      ...(i === 0 ? { fixed: 'left' as const } : {}),
    })) as [Column, ...Column[]],
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

async function until(check: () => boolean): Promise<void> {
  while (!check()) await nextFrame();
}

/** Scrolls `target` down in steps, one per frame, and returns the longest frame. */
async function scrollFrames(
  scroll: (y: number) => void,
  height: number,
): Promise<{ longest: number; times: number[] }> {
  let last = await nextFrame();
  let longest = 0;
  const times: number[] = [];
  for (let y = 0; y < height; y += SCROLL_STEP) {
    scroll(y);
    const now = await nextFrame();
    longest = Math.max(longest, now - last);
    times.push(now - last);
    last = now;
  }
  return { longest, times };
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
  await until(
    () => (document.querySelector('.ant-table-row .ant-table-cell:nth-child(2)')?.textContent ?? '') !== '',
  );
  await nextFrame();
  await nextFrame();
  const renderMs = performance.now() - start;
  const holder = document.querySelector<HTMLElement>('.ant-table-tbody-virtual-holder');
  const { longest, times } = holder
    ? await scrollFrames((y) => {
        holder.scrollTop = y;
      }, holder.scrollHeight)
    : await scrollFrames((y) => window.scrollTo(0, y), document.documentElement.scrollHeight);
  const sorted = [...times].sort((a, b) => a - b);
  window.__bench = {
    renderMs,
    longestFrameMs: longest,
    p95FrameMs: sorted[Math.floor(sorted.length * 0.95)],
  };
}

run(new URLSearchParams(location.search).get('mode') ?? 'ours').catch((e: unknown) => {
  window.__bench = { error: String(e) };
});
