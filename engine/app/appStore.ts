import Cookies from 'js-cookie';
import { chooseLanguage, type Language } from '../i18n/language';
import { createStore } from '../store/createStore';

import { readSize, type UiSize } from './uiSize';

export type { UiSize } from './uiSize';

export const COOKIES = { sidebar: 'sidebarStatus', size: 'size', language: 'language' } as const;

export interface AppState {
  sidebarOpened: boolean;
  size: UiSize;
  language: Language;
}

function initialState(): AppState {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return {
    sidebarOpened: Cookies.get(COOKIES.sidebar) !== '0',
    size: readSize(Cookies.get(COOKIES.size)),
    language: chooseLanguage(Cookies.get(COOKIES.language), browser),
  };
}

export const appStore = createStore<AppState>(initialState);

const YEAR = 365;

export function toggleSidebar(): void {
  const opened = !appStore.get().sidebarOpened;
  Cookies.set(COOKIES.sidebar, opened ? '1' : '0', { expires: YEAR });
  appStore.set({ sidebarOpened: opened });
}

export function setSize(size: UiSize): void {
  Cookies.set(COOKIES.size, size, { expires: YEAR });
  appStore.set({ size });
}

export function rememberLanguage(language: Language): void {
  Cookies.set(COOKIES.language, language, { expires: YEAR });
  appStore.set({ language });
}
