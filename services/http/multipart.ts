// Failures while a multipart body is read that are the client's: a body cut off before its closing
// boundary, a missing boundary, a malformed part. They are refused with a translated message like
// any other bad input, never answered as a server fault.
import { AppError } from '../errors.js';

const CLIENT_CODES = new Set([
  'FST_MP_PREMATURE_CLOSE',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_PROTO_VIOLATION',
]);
const CLIENT_MESSAGES = /multipart data|Boundary (not found|required)|Malformed part header/i;

export function isMalformedMultipart(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof AppError) return false;
  const code = (err as { code?: string }).code;
  return (code !== undefined && CLIENT_CODES.has(code)) || CLIENT_MESSAGES.test(err.message);
}
