/**
 * `npm test`'s first step (the `pretest` script): makes sure chromium and wrk are installed,
 * installing them from Debian's packages as root (see test-tools.ts). Exit code 1, with the
 * command to run, when it cannot.
 */
import { ensureTestTools, ToolsError } from './test-tools.ts';

try {
  ensureTestTools();
} catch (error) {
  if (!(error instanceof ToolsError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
