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
    // Checks only: installing is `npm test`'s pretest step, not something a test run does.
    ensureTestTools({ isRoot: false });
  } catch (error) {
    if (error instanceof ToolsError) throw new Error(`${error.message}\n(Run as root, \`npm test\` installs them itself.)`);
    throw error;
  }
  ensureFreshBuild();
}
