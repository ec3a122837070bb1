// What a screen file's validation reports: kept apart from the validator so the page host can tell a
// bad file from other failures without loading the validator.

export interface ScreenError {
  /** File the error is in, as given by the caller (for example screens/base/organizational.json). */
  file: string;
  /** JSON pointer (RFC 6901) to the offending value; for a missing property, where it should be. */
  pointer: string;
  message: string;
}

export class ScreenValidationError extends Error {
  constructor(readonly errors: ScreenError[]) {
    super(errors.map(formatScreenError).join('\n'));
    this.name = 'ScreenValidationError';
  }
}

export function formatScreenError(e: ScreenError): string {
  return `${e.file}#${e.pointer || '/'}: ${e.message}`;
}
