// The answer shapes of spec 000 section 3 / CONTRACT.md.
import { type AppError, ERRORS } from '../errors.js';
import type { Translate } from '../i18n.js';

export interface Envelope<T> {
  status: number;
  code: string;
  msg: string;
  response: { data: T } | null;
}

export function ok<T>(data: T, t: Translate): Envelope<T> {
  return { status: 200, code: '0', msg: t('msg.success'), response: { data } };
}

export function refusal(err: AppError, t: Translate): Envelope<unknown> {
  const response = err.data === undefined ? null : { data: err.data };
  return { status: ERRORS[err.kind].status, code: err.code, msg: message(err, t), response };
}

export function errorBody(err: AppError, t: Translate): { errorCode: string; errorMessage: string } {
  return { errorCode: err.code, errorMessage: message(err, t) };
}

function message(err: AppError, t: Translate): string {
  return t(`error.${err.code}`, err.params);
}

export interface PageData<T> {
  records: T[];
  total: number;
  current: number;
  pages: number;
  size: number;
  pageSize: number;
  rowCount: number;
  pageCount: number;
  currentPage: number;
}

export function page<T>(records: T[], total: number, current: number, size: number): PageData<T> {
  const pages = size > 0 ? Math.ceil(total / size) : 0;
  return {
    records,
    total,
    current,
    pages,
    size,
    pageSize: size,
    rowCount: total,
    pageCount: pages,
    currentPage: current,
  };
}
