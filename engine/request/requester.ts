import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { COOKIE_TRANSPORT, CSRF_HEADER, CSRF_VALUE, SESSION_TRANSPORT_HEADER } from '../core/sessionCookie';
import { fileNameFromDisposition } from './fileName';
import type { LoadingCounter } from './loading';
import type { Notifier } from './notifier';
import { createRelogin } from './relogin';
import { sessionEndReason } from './sessionEnd';
import { type Envelope, type ErrorBody, LOCAL_CODES, RequestError, type RequestOptions } from './types';
import { timeoutFor, urlFor, wrapPayload } from './wrap';

export const ERROR_TOAST_SECONDS = 5;
export const REPEAT_ERROR = '50M01';
export { SESSION_EXPIRED, SESSION_INVALID } from './sessionEnd';

const SERVER_UNKNOWN = 'Unknown!';

export interface RequesterDeps {
  http: AxiosInstance;
  notifier: () => Notifier;
  loading: LoadingCounter;
  /** Forgets the session marker and the cached user; called when the user confirms the re-login dialog. */
  clearSession: () => void;
  getLanguage: () => string;
  getModuleNumber: () => string | undefined;
  /** pathname + search + hash of the page the user is on. */
  currentPath: () => string;
  translate: (key: string) => string;
}

interface Failure {
  code: string;
  message: string;
  httpStatus?: number;
  envelopeStatus?: number;
  /** A refusal's response.data (the refused rows of a batch). */
  details?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return !!body && typeof body === 'object' && 'status' in body && 'code' in body;
}

function isErrorBody(body: unknown): body is ErrorBody {
  return !!body && typeof body === 'object' && typeof (body as ErrorBody).errorCode === 'string';
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

async function blobAsJson(blob: Blob): Promise<unknown> {
  try {
    return JSON.parse(await blob.text());
  } catch {
    return undefined;
  }
}

function isJsonResponse(res: AxiosResponse): boolean {
  const type = String(res.headers?.['content-type'] ?? '');
  return type.includes('application/json');
}

export function createRequester(deps: RequesterDeps) {
  const relogin = createRelogin({
    notifier: deps.notifier,
    translate: deps.translate,
    currentPath: deps.currentPath,
    clearSession: deps.clearSession,
  });

  /**
   * The session is the HttpOnly cookie the browser sends by itself; script never sees the token. Every
   * call says it comes from the portal's pages (the CSRF header the server requires with the cookie)
   * and that a session it opens (login) is to be a cookie (services/http/session-cookie.ts).
   */
  function headersFor(options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = {
      'Accept-Language': deps.getLanguage(),
      invokerParam: '1',
      [CSRF_HEADER]: CSRF_VALUE,
      [SESSION_TRANSPORT_HEADER]: COOKIE_TRANSPORT,
    };
    const moduleNumber = options.moduleNumber ?? deps.getModuleNumber();
    if (moduleNumber) headers['App-Module-Number'] = moduleNumber;
    return headers;
  }

  function textOf(failure: Pick<Failure, 'code' | 'message'>): string {
    // A server fault must not leak its internals; the catalogue swaps it for the generic text.
    if (failure.message === SERVER_UNKNOWN || failure.code === SERVER_UNKNOWN) {
      return deps.translate('error.internal');
    }
    return failure.message || deps.translate('request.error');
  }

  /** Applies the catalogue's reaction and returns the error the call rejects with. */
  function react(failure: Failure, options: RequestOptions): RequestError {
    const message = textOf(failure);
    const error = new RequestError(
      failure.code,
      message,
      failure.httpStatus,
      failure.envelopeStatus,
      failure.details,
    );
    const enabled =
      failure.code === REPEAT_ERROR ? options.showRepeatError !== false : options.showError !== false;
    if (!enabled) return error;
    const ended = sessionEndReason(failure.code, failure.details);
    if (ended) {
      relogin.prompt(ended).catch(() => undefined);
    } else {
      deps.notifier().error(message, ERROR_TOAST_SECONDS);
    }
    return error;
  }

  function noResponse(cause: unknown): Failure {
    const err = cause as { code?: string; message?: string };
    const timedOut = err?.code === 'ECONNABORTED' || err?.code === 'ETIMEDOUT';
    return {
      code: timedOut ? LOCAL_CODES.timeout : LOCAL_CODES.network,
      message: err?.message || deps.translate('request.error'),
    };
  }

  async function interpret(res: AxiosResponse, blob: boolean): Promise<Failure | { data: unknown }> {
    let body: unknown = res.data;
    if (blob && isBlob(body)) {
      if (res.status === 200 && !isJsonResponse(res)) {
        const name = fileNameFromDisposition(res.headers?.['content-disposition']) ?? 'download';
        return { data: new File([body], name, { type: body.type }) };
      }
      body = await blobAsJson(body);
    }
    if (res.status !== 200) {
      if (isErrorBody(body)) {
        return { code: body.errorCode, message: body.errorMessage ?? '', httpStatus: res.status };
      }
      return {
        code: `HTTP_${res.status}`,
        message: deps.translate('error.internal'),
        httpStatus: res.status,
      };
    }
    if (!isEnvelope(body)) {
      return { code: LOCAL_CODES.badAnswer, message: deps.translate('error.internal'), httpStatus: 200 };
    }
    if (Number(body.status) === 200) return { data: body.response?.data ?? null };
    return {
      code: String(body.code),
      message: body.msg ?? '',
      httpStatus: 200,
      envelopeStatus: Number(body.status),
      details: body.response?.data ?? undefined,
    };
  }

  async function request<T = unknown>(
    call: string,
    payload?: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const counted = options.loading !== false;
    const blob = options.responseType === 'blob';
    if (counted) deps.loading.begin();
    try {
      let res: AxiosResponse;
      try {
        res = await deps.http.post(urlFor(call), wrapPayload(payload, options), {
          headers: headersFor(options),
          timeout: timeoutFor(call, options),
          responseType: blob ? 'blob' : 'json',
          validateStatus: () => true,
          onUploadProgress: options.onUploadProgress
            ? (e) => options.onUploadProgress?.(e.total ? Math.round((e.loaded * 100) / e.total) : 0)
            : undefined,
        });
      } catch (cause) {
        throw react(noResponse(cause), options);
      }
      const outcome = await interpret(res, blob);
      if ('data' in outcome) return outcome.data as T;
      throw react(outcome, options);
    } finally {
      if (counted) deps.loading.end();
    }
  }

  /**
   * A blob call whose file is handed to `save`: true when saved, false instead of rejecting when the call
   * failed (spec 000 section 8), after the same error reaction as any other call. A server that answers
   * data instead of a file (a large export that became a job) resolves with `{data}`.
   */
  async function fetchFile(
    call: string,
    payload: unknown,
    save: (file: File) => void,
    options: RequestOptions = {},
  ): Promise<boolean | { data: unknown }> {
    try {
      const answer = await request<unknown>(call, payload, { ...options, responseType: 'blob' });
      if (!(answer instanceof File)) return { data: answer };
      save(answer);
      return true;
    } catch (error) {
      if (error instanceof RequestError) return false;
      throw error;
    }
  }

  /** A blob call whose file is handed to `save`; resolves false when nothing was saved. */
  async function download(
    call: string,
    payload: unknown,
    save: (file: File) => void,
    options: RequestOptions = {},
  ): Promise<boolean> {
    return (await fetchFile(call, payload, save, options)) === true;
  }

  return { request, download, fetchFile, relogin };
}

export type Requester = ReturnType<typeof createRequester>;

export function createHttp(): AxiosInstance {
  return axios.create();
}
