// What page controllers need from the outside world, injected so they run headless in tests.
import type { RequestFn } from '../request/types';

export type { RequestFn } from '../request/types';

export interface PageDeps {
  request: RequestFn;
  navigate: (path: string) => void;
  /** Asks the question under a locale key; resolves true when the user confirms. */
  confirm: (messageKey: string, params?: Record<string, unknown>) => Promise<boolean>;
  /** Shows a success message under a locale key. */
  success: (messageKey: string, params?: Record<string, unknown>) => void;
  /** Shows a file a call answered: in a new window, else as a download. */
  openFile?: (file: File) => 'window' | 'download';
}
