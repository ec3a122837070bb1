import type { RequestOptions } from './types';

export const BASE_PATH = '/dapilc/restful/service/ilcwmsplus/';
export const DEFAULT_TIMEOUT = 300_000;
export const LOGIN_TIMEOUT = 30_000;
export const IMPORT_TIMEOUT = 600_000;
export const LOGIN_CALL = 'ISrmBmLoginService/login';

function isFormData(value: unknown): boolean {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

/** Spec 000 section 7: `{condition: payload}` unless form data, already wrapped, or flagged. */
export function wrapPayload(payload: unknown, options: RequestOptions = {}): unknown {
  if (options.noCondition || isFormData(payload)) return payload;
  if (payload !== null && typeof payload === 'object' && Object.hasOwn(payload, 'condition')) return payload;
  return { condition: payload ?? {} };
}

export function timeoutFor(call: string, options: RequestOptions = {}): number {
  if (options.timeout !== undefined) return options.timeout;
  if (call === LOGIN_CALL) return LOGIN_TIMEOUT;
  if (/\/importexcel$/i.test(call)) return IMPORT_TIMEOUT;
  return DEFAULT_TIMEOUT;
}

export function urlFor(call: string): string {
  return BASE_PATH + call.replace(/^\/+/, '');
}
