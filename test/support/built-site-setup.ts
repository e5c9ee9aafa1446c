/**
 * Vitest globalSetup of the built-site tests: fails the run when chromium or wrk is missing and rebuilds a
 * stale dist/. I/O: PATH lookup, build.
 */
import { ensureFreshBuild } from '../../scripts/dev/fresh-build.ts';
import { ensureTestTools, ToolsError } from '../../scripts/dev/test-tools.ts';

/** Fails here, once, rather than in every suite's beforeAll (where vitest would count their tests as skipped). */
export default function setup(): void {
  try {
    // Checks only (as if not root): installing is `npm test`'s pretest step, not a test run's.
    ensureTestTools({ isRoot: false });
  } catch (error) {
    // The message says what to do; a stack trace into vitest would only bury it.
    if (error instanceof ToolsError) error.stack = `ToolsError: ${error.message}`;
    throw error;
  }
  ensureFreshBuild();
}
