/**
 * A vitest reporter that prints the five slowest test files (import, hooks and tests) at the end of `npm test`.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export const SLOWEST_SHOWN = 5;

/** Seconds with one decimal, right-aligned. */
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export function slowestFiles(modules: readonly { file: string; ms: number }[], count = SLOWEST_SHOWN): string[] {
  return [...modules]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ file, ms }) => `${seconds(ms)}  ${file}`);
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const modules = testModules.map((module) => {
      const { collectDuration, setupDuration, duration } = module.diagnostic();
      return { file: relative(process.cwd(), module.moduleId), ms: collectDuration + setupDuration + duration };
    });
    if (modules.length === 0) return;
    console.log(`\nThe ${Math.min(SLOWEST_SHOWN, modules.length)} slowest test files (import, hooks and tests):`);
    for (const line of slowestFiles(modules)) console.log(line);
  }
}
