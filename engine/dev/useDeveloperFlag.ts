// The developer flag in the browser: the active tab's click counter and the document listener that
// copies property names while the flag is on. The rules live in developerFlag.ts.
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createClickCounter,
  type DomNode,
  isDeveloperFlagOn,
  propNameAt,
  setDeveloperFlag,
} from './developerFlag';

/** Copies text to the clipboard; resolves false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without the clipboard API (an insecure origin): the old way.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/**
 * Returns the handler for a click on a tab: seven clicks on the active tab within 2 s set the flag
 * and copy `routeName`.
 */
export function useActiveTabClicks(routeName: string): (isActive: boolean) => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const counter = useRef(createClickCounter());
  return (isActive) => {
    if (!isActive) {
      counter.current.reset();
      return;
    }
    if (!counter.current.click()) return;
    setDeveloperFlag(localStorage);
    void copyText(routeName).then((ok) =>
      ok
        ? message.success(t('dev.flagOn', { name: routeName }))
        : message.warning(t('dev.copyFailed', { name: routeName })),
    );
  };
}

/** While the flag is on, a right-click or meta-click on a column name or form label copies its property. */
export function useDeveloperPropCopy(): void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  useEffect(() => {
    const handle = (event: MouseEvent) => {
      if (event.type === 'click' && !event.metaKey) return;
      if (!isDeveloperFlagOn(localStorage)) return;
      const prop = propNameAt(event.target instanceof Element ? (event.target as unknown as DomNode) : null);
      if (!prop) return;
      // Not a sort, not the browser's menu: the click was for the developer.
      event.preventDefault();
      event.stopPropagation();
      void copyText(prop).then((ok) =>
        ok
          ? message.success(t('dev.propCopied', { name: prop }))
          : message.warning(t('dev.copyFailed', { name: prop })),
      );
    };
    document.addEventListener('contextmenu', handle, true);
    document.addEventListener('click', handle, true);
    return () => {
      document.removeEventListener('contextmenu', handle, true);
      document.removeEventListener('click', handle, true);
    };
  }, [t, message]);
}
