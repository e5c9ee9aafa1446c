/**
 * What `npm test` does first about Chromium and Java: the decision, the PATH lookup and the install
 * sequence. Unit, with apt-get replaced by a recorder.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { chromiumPath, findHeadlessBrowser } from '../../../scripts/content/diagrams/chromium.ts';
import { checkTestTools, ensureTestTools, planTestTools, TEST_TOOLS, type ToolCheck, ToolsError } from '../../../scripts/dev/test-tools.ts';

const [CHROMIUM, JAVA] = TEST_TOOLS as [(typeof TEST_TOOLS)[0], (typeof TEST_TOOLS)[0]];
const checks = (chromium: boolean, java: boolean): ToolCheck[] => [
  { tool: CHROMIUM, found: chromium },
  { tool: JAVA, found: java },
];

describe('planTestTools', () => {
  test('nothing to do when both are there, whoever runs it', () => {
    expect(planTestTools(checks(true, true), { isRoot: false, hasAptGet: false })).toEqual({ kind: 'ready' });
  });

  test('as root, both missing: one notice line, apt-get update, then one install of both', () => {
    expect(planTestTools(checks(false, false), { isRoot: true, hasAptGet: true })).toEqual({
      kind: 'install',
      packages: ['chromium-headless-shell', 'default-jre-headless'],
      notice:
        "Installing Debian's chromium-headless-shell (browser tests drive it) and default-jre-headless (the HTML validity test runs the Nu Html Checker, vnu-jar, on it): apt-get update && apt-get install -y chromium-headless-shell default-jre-headless",
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium-headless-shell', 'default-jre-headless'],
      ],
    });
  });

  test('as root, only Java missing: only its package is installed', () => {
    const plan = planTestTools(checks(true, false), { isRoot: true, hasAptGet: true });
    expect(plan.kind === 'install' && plan.commands.at(-1)).toEqual(['apt-get', 'install', '-y', 'default-jre-headless']);
  });

  test('not root: refuses, naming the exact command', () => {
    expect(planTestTools(checks(false, true), { isRoot: false, hasAptGet: true })).toEqual({
      kind: 'refuse',
      message:
        'npm test needs chromium-headless-shell (browser tests drive it), not found on PATH. Install it as root, then run npm test again:\n' +
        '  sudo apt-get update && sudo apt-get install -y chromium-headless-shell',
    });
  });

  test('no apt-get: refuses, naming the packages', () => {
    const plan = planTestTools(checks(false, false), { isRoot: true, hasAptGet: false });
    expect(plan).toEqual({
      kind: 'refuse',
      message:
        'npm test needs chromium-headless-shell (browser tests drive it) and default-jre-headless (the HTML validity test runs the Nu Html Checker, vnu-jar, on it), not found on PATH, and this machine has no apt-get: install chromium-headless-shell and default-jre-headless with its package manager, then run npm test again.',
    });
  });

  test('a CHROMIUM_PATH naming nothing is refused, even as root: installing would not help', () => {
    const plan = planTestTools(
      [
        { tool: CHROMIUM, found: false, override: { variable: 'CHROMIUM_PATH', path: '/opt/none/chrome' } },
        { tool: JAVA, found: false },
      ],
      {
        isRoot: true,
        hasAptGet: true,
      },
    );
    expect(plan).toEqual({
      kind: 'refuse',
      message:
        "CHROMIUM_PATH=/opt/none/chrome is not an executable file: point it at a Chromium binary, or unset it to use Debian's chromium-headless-shell.",
    });
  });
});

describe('checkTestTools and chromiumPath look on the PATH they are given', () => {
  const root = mkdtempSync(join(tmpdir(), 'test-tools-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const bin = (name: string, files: Record<string, number>) => {
    const dir = join(root, name);
    mkdirSync(dir);
    for (const [file, mode] of Object.entries(files)) {
      writeFileSync(join(dir, file), '#!/bin/sh\n');
      chmodSync(join(dir, file), mode);
    }
    return dir;
  };

  test('found only as an executable file on PATH', () => {
    const empty = bin('empty', {});
    const notExecutable = bin('plain', { chromium: 0o644, 'chromium-headless-shell': 0o644, java: 0o644 });
    const both = bin('both', { chromium: 0o755, 'chromium-headless-shell': 0o755, java: 0o755 });
    const found = (PATH: string) => checkTestTools({ PATH }).map((c) => [c.tool.command, c.found]);
    expect(found(`${empty}:${notExecutable}`)).toEqual([
      ['chromium-headless-shell', false],
      ['java', false],
    ]);
    expect(found(`${empty}:${both}`)).toEqual([
      ['chromium-headless-shell', true],
      ['java', true],
    ]);
    expect(chromiumPath({ PATH: `${notExecutable}:${both}` })).toBe(join(both, 'chromium'));
  });

  test('the tests and diagrams take the headless shell, else the full browser; benchmarks the full browser', () => {
    const full = bin('full', { chromium: 0o755 });
    const shell = bin('shell', { 'chromium-headless-shell': 0o755 });
    expect(findHeadlessBrowser({ PATH: `${full}:${shell}` }, [])).toBe(join(shell, 'chromium-headless-shell'));
    expect(findHeadlessBrowser({ PATH: full }, [])).toBe(join(full, 'chromium'));
    expect(chromiumPath({ PATH: `${shell}:${full}` })).toBe(join(full, 'chromium'));
    expect(findHeadlessBrowser({ PATH: shell, CHROMIUM_PATH: '/opt/chrome' }, [])).toBe('/opt/chrome');
  });

  test('CHROMIUM_PATH wins over PATH, and is checked as it is', () => {
    const both = join(root, 'both');
    const [chromium] = checkTestTools({ PATH: both, CHROMIUM_PATH: '/nowhere/chromium' });
    expect(chromium).toEqual({ tool: CHROMIUM, found: false, override: { variable: 'CHROMIUM_PATH', path: '/nowhere/chromium' } });
    expect(chromiumPath({ PATH: both, CHROME_PATH: '/opt/chrome' })).toBe('/opt/chrome');
  });
});

describe('ensureTestTools', () => {
  // PATH with apt-get on it, as on Debian (the real /usr/bin is only looked at, never run).
  const env = { PATH: '/usr/bin:/bin' };

  test('as root: prints the notice, runs update then install, and checks again', () => {
    const lines: string[] = [];
    const ran: string[][] = [];
    let installed = false;
    ensureTestTools({
      env,
      isRoot: true,
      check: () => checks(installed, installed),
      run: (command) => {
        ran.push(command);
        if (command[1] === 'install') installed = true;
        return { status: 0, output: '' };
      },
      log: (line) => lines.push(line),
    });
    expect(lines).toEqual([
      "Installing Debian's chromium-headless-shell (browser tests drive it) and default-jre-headless (the HTML validity test runs the Nu Html Checker, vnu-jar, on it): apt-get update && apt-get install -y chromium-headless-shell default-jre-headless",
    ]);
    expect(ran).toEqual([
      ['apt-get', 'update'],
      ['apt-get', 'install', '-y', 'chromium-headless-shell', 'default-jre-headless'],
    ]);
  });

  test('not root: throws the command to run, and runs nothing', () => {
    const ran: string[][] = [];
    const attempt = () =>
      ensureTestTools({
        env,
        isRoot: false,
        check: () => checks(false, false),
        run: (c) => {
          ran.push(c);
          return { status: 0, output: '' };
        },
        log: () => {},
      });
    expect(attempt).toThrow(ToolsError);
    expect(attempt).toThrow('sudo apt-get update && sudo apt-get install -y chromium-headless-shell default-jre-headless');
    expect(ran).toEqual([]);
  });

  test('a failing apt-get stops there and shows its output', () => {
    const ran: string[][] = [];
    const attempt = () =>
      ensureTestTools({
        env,
        isRoot: true,
        check: () => checks(true, false),
        run: (command) => {
          ran.push(command);
          return { status: 100, output: 'E: Could not get lock /var/lib/dpkg/lock-frontend\n' };
        },
        log: () => {},
      });
    expect(attempt).toThrow('apt-get update failed (exit 100):\nE: Could not get lock /var/lib/dpkg/lock-frontend');
    expect(ran).toEqual([['apt-get', 'update']]);
  });

  test('an install that leaves a tool missing is an error, not a pass', () => {
    const attempt = () =>
      ensureTestTools({ env, isRoot: true, check: () => checks(true, false), run: () => ({ status: 0, output: '' }), log: () => {} });
    expect(attempt).toThrow('apt-get install -y default-jre-headless succeeded, but java is still not found on PATH (/usr/bin:/bin).');
  });
});
