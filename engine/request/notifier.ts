/** Texts of the re-login confirm, already translated. */
export interface ReloginTexts {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
}

/**
 * Every visible effect of the request layer goes through this, so the layer runs (and is tested)
 * without a browser; the shell installs the antd implementation.
 */
export interface Notifier {
  error(message: string, durationSeconds: number): void;
  /** Resolves true for "log in again", false for "stay". */
  confirmRelogin(texts: ReloginTexts): Promise<boolean>;
  navigate(to: string): void;
}

export const consoleNotifier: Notifier = {
  error: (message) => console.error(message),
  confirmRelogin: async () => false,
  navigate: (to) => {
    if (typeof window !== 'undefined') window.location.assign(to);
  },
};
