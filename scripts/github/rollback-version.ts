/**
 * Rollback workflow: the version a maintainer typed, checked before anything runs with secrets. In: VERSION
 * (empty: the one before the live version); out: `version`, or a refusal in the summary.
 */
import { addSummary, runStep, StepRefusal, setOutputs } from './actions-io.ts';

/** The version as the upload's `--rollback` takes it, '' for the one before the live version; null if not a whole number. */
export function rollbackVersion(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  return /^[0-9]+$/.test(trimmed) ? trimmed : null;
}

if (import.meta.main) {
  await runStep(async () => {
    const input = process.env.VERSION ?? '';
    const version = rollbackVersion(input);
    if (version === null) {
      addSummary(`### Rollback refused\n\nThe version must be a whole number, got \`${input}\`: nothing was written.`);
      throw new StepRefusal(`The version must be a whole number (a Publish run's summary names it), got ${JSON.stringify(input)}.`);
    }
    setOutputs({ version });
  });
}
