/**
 * `npm test`'s `pretest` step: chromium, wrk and Java present, installed from Debian as root (test-tools.ts).
 * Exits 1 with the command to run when it cannot.
 */
import { ensureTestTools, ToolsError } from './test-tools.ts';

try {
  ensureTestTools();
} catch (error) {
  if (!(error instanceof ToolsError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
