// Debian's Chromium driven by playwright-core (Playwright's own browser download does not work here).
import { type Browser, chromium } from 'playwright-core';

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
 * them a suite run takes about an eighth less. Benchmarks keep a user's browser.
 */
export const SUITE_ARGS = ['--js-flags=--no-maglev --no-turbofan'];

export function launchBrowser(options: { suite?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: options.suite ? [...CHROMIUM_ARGS, ...SUITE_ARGS] : CHROMIUM_ARGS,
    headless: true,
  });
}
