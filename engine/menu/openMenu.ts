import type { Menu } from '@schemas/generated/menu';
import type { UserInfo } from '@schemas/generated/user-info';
import { fillExternalUrl } from './externalUrl';

export const CUSTOM_PREFIX = 'custom:';

export interface OpenMenuDeps {
  navigate: (path: string) => void;
  openWindow: (url: string) => void;
  request: (call: string, payload?: unknown, options?: { moduleNumber?: string }) => Promise<unknown>;
  user: Pick<UserInfo, 'userDataList' | 'tenantsid'> | null;
  /** Shown when a custom service answers without an address. */
  noAddress: () => void;
}

/** The address a custom service answers with: a bare string or an object naming it. */
export function addressOf(data: unknown): string | undefined {
  if (typeof data === 'string') return data || undefined;
  if (data && typeof data === 'object') {
    for (const key of ['url', 'address', 'href', 'link']) {
      const value = (data as Record<string, unknown>)[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return undefined;
}

/** What clicking a menu entry does, by its type (spec 000 section 2). */
export async function openMenu(menu: Menu, deps: OpenMenuDeps): Promise<void> {
  switch (menu.menuType) {
    case 'route':
      deps.navigate(menu.url);
      return;
    case 'external':
      deps.openWindow(fillExternalUrl(menu.url, deps.user ?? { userDataList: [], tenantsid: '' }));
      return;
    case 'custom': {
      const call = menu.url.slice(CUSTOM_PREFIX.length).replace(/^\/+/, '');
      // Failures already got the request layer's toast; nothing more to say here.
      const data = await deps.request(call, {}, { moduleNumber: menu.menuNo }).catch(() => undefined);
      if (data === undefined) return;
      const address = addressOf(data);
      if (address) deps.openWindow(address);
      else deps.noAddress();
      return;
    }
    default:
      return;
  }
}
