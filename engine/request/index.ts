import axios from 'axios';
import { createLoadingCounter } from './loading';
import { consoleNotifier, type Notifier } from './notifier';
import { createRequester, type RequesterDeps } from './requester';
import type { RequestOptions } from './types';

export { fileNameFromDisposition } from './fileName';
export { getCurrentModuleNumber, setCurrentModuleNumber } from './moduleNumber';
export type { Notifier, ReloginTexts } from './notifier';
export { isLoginPath, loginRedirect } from './relogin';
export { SESSION_END_TEXTS, type SessionEndReason, sessionEndReason } from './sessionEnd';
export type { Envelope, ErrorBody, Page, RequestOptions } from './types';
export { RequestError } from './types';

import { getCurrentModuleNumber } from './moduleNumber';

/** One indicator for the whole app; the shell subscribes to it. */
export const loadingCounter = createLoadingCounter();

let notifier: Notifier = consoleNotifier;

/** The shell installs the antd notifier once it has the antd App context. */
export function setNotifier(next: Notifier): void {
  notifier = next;
}

/** For code outside the request layer (the start-up guard) that reports errors the same way. */
export function getNotifier(): Notifier {
  return notifier;
}

type Configurable = Pick<RequesterDeps, 'clearSession' | 'getLanguage' | 'currentPath' | 'translate'>;

const config: Configurable = {
  clearSession: () => undefined,
  getLanguage: () => 'zh-CN',
  currentPath: () =>
    typeof window === 'undefined'
      ? '/'
      : window.location.pathname + window.location.search + window.location.hash,
  translate: (key) => key,
};

/** Wires the session and i18n in at start-up; the request layer itself imports neither. */
export function configureRequest(next: Partial<Configurable>): void {
  Object.assign(config, next);
}

const requester = createRequester({
  http: axios.create(),
  notifier: () => notifier,
  loading: loadingCounter,
  getModuleNumber: getCurrentModuleNumber,
  clearSession: () => config.clearSession(),
  getLanguage: () => config.getLanguage(),
  currentPath: () => config.currentPath(),
  translate: (key) => config.translate(key),
});

/**
 * Calls `Service/method` and resolves with the envelope's `response.data` (a File for responseType
 * 'blob'); rejects with RequestError after the error catalogue's reaction (spec 000 section 8).
 * `showError: false` silences every visible reaction except the repeat error's, including the
 * re-login dialog, for callers (like the start-up guard) that handle the failure themselves.
 */
export function request<T = unknown>(call: string, payload?: unknown, options?: RequestOptions): Promise<T> {
  return requester.request<T>(call, payload, options);
}

/** Downloads a blob call and saves it under the content-disposition name; false when it failed. */
export function download(call: string, payload?: unknown, options?: RequestOptions): Promise<boolean> {
  return requester.download(call, payload, saveFile, options);
}

/** Like download, but a data answer instead of a file (a large export became a job) resolves as {data}. */
export function fetchFile(
  call: string,
  payload?: unknown,
  options?: RequestOptions,
): Promise<boolean | { data: unknown }> {
  return requester.fetchFile(call, payload, saveFile, options);
}

function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
