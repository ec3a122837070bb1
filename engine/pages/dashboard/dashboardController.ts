// The dashboard page kind's headless controller: which cards the user sees (by side), each card's call
// and answer, and the schedule card's paging and search. No React, no antd.
import type { DashboardLink, DashboardPage, DashboardWidget } from '@schemas/generated/screen';
import { createStore } from '../../store/createStore';
import type { PageDeps } from '../types';

export type Side = 'supplier' | 'purchaser';

export interface CardState {
  status: 'loading' | 'ready' | 'error';
  data?: unknown;
}

export interface ScheduleQuery {
  current: number;
  size: number;
  keyword: string;
  scheduleDate?: string;
}

export interface DashboardState {
  cards: Record<string, CardState>;
  schedule: ScheduleQuery;
}

export interface ScheduleItem {
  type: string;
  id: string;
  docNo: string;
  keyword: string;
  scheduleDate: string | null;
  note: string | null;
}

export const DEFAULT_SCHEDULE_SIZE = 5;

/** The cards a side sees, each with its key (its place in the file). */
export function cardsFor(page: DashboardPage, side: Side): { key: string; widget: DashboardWidget }[] {
  return page.widgets
    .map((widget, i) => ({ key: `${widget.kind}-${i}`, widget }))
    .filter(({ widget }) => !widget.sides || widget.sides.includes(side));
}

/** Where a link goes: its path with the tab and the item's keyword as the list's opening search. */
export function linkTarget(link: DashboardLink, item?: { keyword?: string; id?: string }): string {
  const query = new URLSearchParams();
  if (link.tab !== undefined) query.set('tab', link.tab);
  if (link.idParam) {
    if (item?.id) query.set(link.idParam, item.id);
  } else if (item?.keyword && link.keyword !== false) query.set('keyword', item.keyword);
  const text = query.toString();
  return text ? `${link.path}?${text}` : link.path;
}

export function createDashboardController(
  page: DashboardPage,
  service: string,
  menuNo: string,
  side: Side,
  deps: PageDeps,
) {
  const cards = cardsFor(page, side);
  const scheduleCard = cards.find((c) => c.widget.kind === 'schedule');
  const store = createStore<DashboardState>(() => ({
    cards: {},
    schedule: {
      current: 1,
      size: scheduleCard?.widget.pageSize ?? DEFAULT_SCHEDULE_SIZE,
      keyword: '',
    },
  }));
  const setCard = (key: string, card: CardState) =>
    store.set((s) => ({ cards: { ...s.cards, [key]: card } }));

  async function loadCard(key: string, widget: DashboardWidget): Promise<void> {
    if (!widget.call) return;
    setCard(key, { status: 'loading', data: store.get().cards[key]?.data });
    const q = store.get().schedule;
    const body =
      widget.kind === 'schedule'
        ? {
            current: q.current,
            size: q.size,
            condition: { keyword: q.keyword || null, scheduleDate: q.scheduleDate ?? null },
          }
        : {};
    try {
      const data = await deps.request(`${service}/${widget.call}`, body, {
        noCondition: true,
        moduleNumber: menuNo,
        loading: false,
      });
      setCard(key, { status: 'ready', data });
    } catch {
      setCard(key, { status: 'error' });
    }
  }

  const reloadSchedule = () =>
    scheduleCard ? loadCard(scheduleCard.key, scheduleCard.widget) : Promise.resolve();

  return {
    cards,
    getState: store.get,
    subscribe: store.subscribe,
    /** Every card's call at once. */
    load: () => Promise.all(cards.map(({ key, widget }) => loadCard(key, widget))).then(() => undefined),
    changeSchedulePage(current: number, size: number): Promise<void> {
      const q = store.get().schedule;
      store.set({ schedule: { ...q, current: size !== q.size ? 1 : current, size } });
      return reloadSchedule();
    },
    searchSchedule(keyword: string, scheduleDate?: string): Promise<void> {
      store.set({ schedule: { ...store.get().schedule, current: 1, keyword: keyword.trim(), scheduleDate } });
      return reloadSchedule();
    },
    open(link: DashboardLink, item?: { keyword?: string; id?: string }): void {
      deps.navigate(linkTarget(link, item));
    },
  };
}

export type DashboardController = ReturnType<typeof createDashboardController>;
