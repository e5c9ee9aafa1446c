/**
 * The programs `npm test` needs beyond npm's packages (Chromium's headless shell, Java), installed from Debian as root.
 * planTestTools is pure; checkTestTools looks them up; ensureTestTools installs with apt-get or throws ToolsError.
 */
import { spawnSync } from 'node:child_process';
import { chromiumOverride, HEADLESS_SHELL } from '../content/diagrams/chromium.ts';
import { findExecutable, isExecutableFile } from '../content/diagrams/find-executable.ts';

export interface TestTool {
  /** The command's name on PATH. */
  command: string;
  debianPackage: string;
  /** Why the tests need it, as it reads in a message: "chromium-headless-shell (browser tests drive it)". */
  why: string;
}

export const TEST_TOOLS: readonly TestTool[] = [
  { command: HEADLESS_SHELL, debianPackage: HEADLESS_SHELL, why: 'browser tests drive it' },
  { command: 'java', debianPackage: 'default-jre-headless', why: 'the HTML validity test runs the Nu Html Checker, vnu-jar, on it' },
];

export interface ToolCheck {
  tool: TestTool;
  found: boolean;
  /** Set when an environment variable names the binary instead of PATH (CHROMIUM_PATH). */
  override?: { variable: string; path: string };
}

export interface Host {
  isRoot: boolean;
  hasAptGet: boolean;
}

export type ToolPlan =
  | { kind: 'ready' }
  | { kind: 'install'; packages: string[]; notice: string; commands: string[][] }
  | { kind: 'refuse'; message: string };

/** "a", "a and b", "a, b and c". */
function list(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const described = (checks: ToolCheck[]) => list(checks.map(({ tool }) => `${tool.debianPackage} (${tool.why})`));

/** What to do about the missing tools: nothing, install them (root with apt-get), or refuse with the command to run. Pure. */
export function planTestTools(checks: ToolCheck[], { isRoot, hasAptGet }: Host): ToolPlan {
  const missing = checks.filter((check) => !check.found);
  if (missing.length === 0) return { kind: 'ready' };
  // A binary named by hand is the user's choice: installing Debian's would not make it appear.
  const badOverrides = missing.filter((check) => check.override);
  if (badOverrides.length > 0) {
    return {
      kind: 'refuse',
      message: badOverrides
        .map(
          ({ tool, override }) =>
            `${override!.variable}=${override!.path} is not an executable file: point it at a Chromium binary, or unset it to use Debian's ${tool.debianPackage}.`,
        )
        .join('\n'),
    };
  }
  const packages = missing.map(({ tool }) => tool.debianPackage);
  const install = `apt-get install -y ${packages.join(' ')}`;
  if (!hasAptGet) {
    return {
      kind: 'refuse',
      message: `npm test needs ${described(missing)}, not found on PATH, and this machine has no apt-get: install ${list(packages)} with its package manager, then run npm test again.`,
    };
  }
  if (!isRoot) {
    return {
      kind: 'refuse',
      message: `npm test needs ${described(missing)}, not found on PATH. Install ${missing.length === 1 ? 'it' : 'them'} as root, then run npm test again:\n  sudo apt-get update && sudo ${install}`,
    };
  }
  return {
    kind: 'install',
    packages,
    notice: `Installing Debian's ${described(missing)}: apt-get update && ${install}`,
    commands: [
      ['apt-get', 'update'],
      ['apt-get', 'install', '-y', ...packages],
    ],
  };
}

/** The one tool the content check needs: the upload draws the content's diagrams in Chromium. */
export const CONTENT_CHECK_TOOLS: readonly TestTool[] = TEST_TOOLS.filter((tool) => tool.command === HEADLESS_SHELL);

/** Looks each tool up: Chromium at CHROMIUM_PATH or CHROME_PATH if set, else every tool on PATH. */
export function checkTestTools(env: NodeJS.ProcessEnv = process.env, tools: readonly TestTool[] = TEST_TOOLS): ToolCheck[] {
  return tools.map((tool) => {
    const override = tool.command === HEADLESS_SHELL ? chromiumOverride(env) : undefined;
    if (override) return { tool, found: isExecutableFile(override.path), override };
    return { tool, found: findExecutable(tool.command, env.PATH) !== undefined };
  });
}

/** A tool problem the user must act on; `message` is what to print. */
export class ToolsError extends Error {
  override name = 'ToolsError';
}

export interface CommandResult {
  status: number | null;
  /** stdout and stderr together. */
  output: string;
}

export interface EnsureOptions {
  env?: NodeJS.ProcessEnv;
  isRoot?: boolean;
  /** Which tools (default all of TEST_TOOLS). */
  tools?: readonly TestTool[];
  check?: (env: NodeJS.ProcessEnv, tools: readonly TestTool[]) => ToolCheck[];
  run?: (command: string[], env: NodeJS.ProcessEnv) => CommandResult;
  log?: (line: string) => void;
}

function runQuietly([command, ...args]: string[], env: NodeJS.ProcessEnv): CommandResult {
  const result = spawnSync(command!, args, {
    env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}` };
}

/** Returns once every tool is there; throws ToolsError (nothing installed, or the install failed) otherwise. */
export function ensureTestTools({
  env = process.env,
  isRoot = process.getuid?.() === 0,
  tools = TEST_TOOLS,
  check = checkTestTools,
  run = runQuietly,
  log = console.log,
}: EnsureOptions = {}): void {
  const plan = planTestTools(check(env, tools), { isRoot, hasAptGet: findExecutable('apt-get', env.PATH) !== undefined });
  if (plan.kind === 'ready') return;
  if (plan.kind === 'refuse') throw new ToolsError(plan.message);
  log(plan.notice);
  for (const command of plan.commands) {
    // apt-get's progress is kept back: the notice says what happens, and its output is shown on failure.
    const { status, output } = run(command, env);
    if (status !== 0) throw new ToolsError(`${command.join(' ')} failed (exit ${status}):\n${output.trimEnd()}`);
  }
  const still = check(env, tools).filter((c) => !c.found);
  if (still.length > 0) {
    throw new ToolsError(
      `${plan.commands.at(-1)!.join(' ')} succeeded, but ${list(still.map(({ tool }) => tool.command))} ${still.length === 1 ? 'is' : 'are'} still not found on PATH (${env.PATH ?? ''}).`,
    );
  }
}
