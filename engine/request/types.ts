export interface RequestOptions {
  /** Send the payload as the body itself instead of `{condition: payload}`. */
  noCondition?: boolean;
  /** Show a toast for failures other than the repeat error (default true). */
  showError?: boolean;
  /** Show a toast for the repeat error 50M01 (default true). */
  showRepeatError?: boolean;
  /** Milliseconds; defaults to 300000 (login 30000, import 600000). */
  timeout?: number;
  responseType?: 'json' | 'blob';
  /** Overrides the App-Module-Number header for this call only. */
  moduleNumber?: string;
  /** Counts the call in the global loading indicator (default true). */
  loading?: boolean;
  /** Reports how much of the body was sent, 0-100 (uploads). */
  onUploadProgress?: (percent: number) => void;
}

/** The request layer's call as the code it is injected into sees it (page controllers, dialogs, selectors). */
export type RequestFn = <T = unknown>(
  call: string,
  payload?: unknown,
  options?: RequestOptions,
) => Promise<T>;

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  pages: number;
  size: number;
}

/** Success and business-refusal answers share this envelope (CONTRACT.md, "Answers"). */
export interface Envelope<T = unknown> {
  status: number;
  code: string;
  msg?: string;
  response?: { data?: T } | null;
}

/** Transport, authentication and payload errors answer with a non-200 status and this body. */
export interface ErrorBody {
  errorCode: string;
  errorMessage?: string;
}

/**
 * Codes that are not server codes: the request never got a usable answer.
 * They start with a letter so they cannot clash with the catalogue's numeric codes.
 */
export const LOCAL_CODES = {
  network: 'NETWORK',
  timeout: 'TIMEOUT',
  badAnswer: 'BAD_ANSWER',
} as const;

export class RequestError extends Error {
  code: string;
  /** HTTP status of the answer; undefined when there was no answer. */
  httpStatus?: number;
  /** The envelope's status for a business refusal (HTTP 200, envelope status not 200). */
  envelopeStatus?: number;
  /** What a refusal answers beyond its message (response.data: the refused rows of a batch). */
  data?: unknown;

  constructor(code: string, message: string, httpStatus?: number, envelopeStatus?: number, data?: unknown) {
    super(message);
    this.name = 'RequestError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.envelopeStatus = envelopeStatus;
    this.data = data;
  }
}
