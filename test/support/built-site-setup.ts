/**
 * Vitest globalSetup of the tests that run the built site (workerd, Chromium, the bench ratio):
 * before any of them starts, chromium and wrk must be installed (a missing one fails the run
 * here, instead of every suite failing in beforeAll with its tests counted as skipped), and dist/
 * is rebuilt when sources are newer, so that no test runs a stale build silently.
 */
import { ensureFreshBuild } from '../../scripts/dev/fresh-build.ts';
import { ensureTestTools, ToolsError } from '../../scripts/dev/test-tools.ts';

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
