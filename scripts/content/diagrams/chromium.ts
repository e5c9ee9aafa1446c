/**
 * Browser lookups (the full browser for benchmarks, the headless shell for tests and diagrams) and Chromium's flags here.
 * I/O: stats files.
 */
import { findExecutable, isExecutableFile } from './find-executable.ts';

/** Where Debian's `chromium` package installs the browser. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The variable naming Chromium's binary, when one is set: it wins over PATH. */
export function chromiumOverride(env: NodeJS.ProcessEnv = process.env): { variable: string; path: string } | undefined {
  for (const variable of ['CHROMIUM_PATH', 'CHROME_PATH']) {
    const path = env[variable];
    if (path) return { variable, path };
  }
  return undefined;
}

/** Commands looked for on PATH, in order: Debian's package first. */
const BROWSER_COMMANDS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge'];
/** Where macOS installs them (each app's binary bears its name), and Windows (in either Program Files folder). */
const BROWSER_APP_PATHS = [
  ...['Google Chrome', 'Chromium', 'Microsoft Edge'].map((app) => `/Applications/${app}.app/Contents/MacOS/${app}`),
  ...['Google\\Chrome\\Application\\chrome.exe', 'Microsoft\\Edge\\Application\\msedge.exe'].flatMap((exe) =>
    ['C:\\Program Files', 'C:\\Program Files (x86)'].map((folder) => `${folder}\\${exe}`),
  ),
];

/**
 * A Chromium-based browser: the path CHROMIUM_PATH (or CHROME_PATH) names, as it is; else the
 * first of BROWSER_COMMANDS on PATH; else the first installed app; undefined when none.
 */
export function findBrowser(env: NodeJS.ProcessEnv = process.env, appPaths: string[] = BROWSER_APP_PATHS): string | undefined {
  const override = chromiumOverride(env);
  if (override) return override.path;
  for (const command of BROWSER_COMMANDS) {
    const found = findExecutable(command, env.PATH);
    if (found) return found;
  }
  return appPaths.find(isExecutableFile);
}

/** The full browser, as visitors run it (benchmarks, the docs' screenshots); Debian's path when none is found, for the error to name it. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return findBrowser(env) ?? DEBIAN_CHROMIUM;
}

/** The browser this process launches, found once at import. */
export const CHROMIUM_PATH = chromiumPath();

/** Debian's build of Chromium's headless shell (package `chromium-headless-shell`), which Playwright also runs its headless tests in. */
export const HEADLESS_SHELL = 'chromium-headless-shell';

/**
 * The browser for work nobody watches (tests, drawing diagrams at upload): the one CHROMIUM_PATH names, else the
 * headless shell on PATH, which starts a page in about a fifth of the full browser's CPU time, else any browser.
 */
export function findHeadlessBrowser(env: NodeJS.ProcessEnv = process.env, appPaths: string[] = BROWSER_APP_PATHS): string | undefined {
  return chromiumOverride(env)?.path ?? findExecutable(HEADLESS_SHELL, env.PATH) ?? findBrowser(env, appPaths);
}

/** The browser the browser tests launch, found once at import (Debian's path when none is found, for the error to name it). */
export const HEADLESS_CHROMIUM_PATH = findHeadlessBrowser() ?? `/usr/bin/${HEADLESS_SHELL}`;

/** Headless, no sandbox or GPU, and nothing that reaches the network on its own. */
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
