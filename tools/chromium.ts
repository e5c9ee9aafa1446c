/**
 * Debian's Chromium, as the browser tests and Lighthouse start it: headless, and with the
 * background networking that this machine's closed network would refuse switched off.
 * Which binary: the one CHROMIUM_PATH (or CHROME_PATH) names, else `chromium` on PATH (Debian's
 * package puts it at /usr/bin/chromium); scripts/dev/ensure-test-tools.ts checks the same.
 */
import { findExecutable } from './find-executable.ts';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The variable naming Chromium's binary, when one is set: it wins over PATH. */
export function chromiumOverride(env: NodeJS.ProcessEnv = process.env): { variable: string; path: string } | undefined {
  for (const variable of ['CHROMIUM_PATH', 'CHROME_PATH']) {
    const path = env[variable];
    if (path) return { variable, path };
  }
  return undefined;
}

/** The binary the browser tests launch (Debian's path when none is found, for the error to name it). */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return chromiumOverride(env)?.path ?? findExecutable('chromium', env.PATH) ?? DEBIAN_CHROMIUM;
}

export const CHROMIUM_PATH = chromiumPath();

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
