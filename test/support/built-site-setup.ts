/**
 * Vitest globalSetup of the built-site tests and the content check: fails the run when a tool they drive is missing
 * and rebuilds a stale dist/. I/O: PATH lookup, build.
 */
import type { TestProject } from 'vitest/node';
import { ensureFreshBuild } from '../../scripts/dev/fresh-build.ts';
import { CONTENT_CHECK_TOOLS, ensureTestTools, TEST_TOOLS, ToolsError } from '../../scripts/dev/test-tools.ts';

/** Fails here, once, rather than in every suite's beforeAll (where vitest would count their tests as skipped). */
export default function setup(project: TestProject): void {
  try {
    // Checks only (as if not root): installing is `npm test`'s (scripts/dev/test.ts), not a test run's.
    ensureTestTools({ isRoot: false, tools: project.name === 'content' ? CONTENT_CHECK_TOOLS : TEST_TOOLS });
  } catch (error) {
    // The message says what to do; a stack trace into vitest would only bury it.
    if (error instanceof ToolsError) error.stack = `ToolsError: ${error.message}`;
    throw error;
  }
  ensureFreshBuild();
}
