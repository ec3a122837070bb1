// Debian's Chromium driven by playwright-core (Playwright's own browser download does not work here).
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** The browser a user has: Debian's `chromium`. */
const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's `chromium-headless-shell`: the same Blink and V8 without the browser's own interface, the
 * build Playwright itself runs headless tests on. It spends about a third less CPU per page than the
 * full browser in its headless mode, which is what two test workers on two cores wait for.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * For the e2e suite only: a test's page lives for seconds, so V8's optimising compilers (Maglev and
 * Turbofan) spend more CPU compiling than their code saves, and two Chromiums share two cores; without
 * them a suite run takes about an eighth less. Benchmarks keep a user's browser and its flags.
 */
export const SUITE_ARGS = ['--js-flags=--no-maglev --no-turbofan'];

/** CHROMIUM_PATH names another build; the suite takes the headless shell where it is installed. */
function executable(suite: boolean): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return suite && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
}

export function launchBrowser(options: { suite?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: executable(!!options.suite),
    args: options.suite ? [...CHROMIUM_ARGS, ...SUITE_ARGS] : CHROMIUM_ARGS,
    headless: true,
  });
}
