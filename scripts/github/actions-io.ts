/**
 * What a workflow step's script reads and writes: its inputs from env vars (checked with zod), `$GITHUB_OUTPUT`,
 * `$GITHUB_STEP_SUMMARY`, and a refusal as an `::error::` line with exit code 1.
 */
import { appendFileSync } from 'node:fs';
import type * as z from 'zod';

/** A step that declines to go on: its message is the error GitHub shows. */
export class StepRefusal extends Error {}

export const SHA = /^[0-9a-f]{40}$/;
export const NUMBER = /^[1-9][0-9]*$/;

export function readEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new StepRefusal(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
}

/** `name=value` lines for the step's outputs; every value must be one line. */
export function setOutputs(values: Record<string, string>, env: NodeJS.ProcessEnv = process.env): void {
  const lines = Object.entries(values).map(([name, value]) => {
    if (/[\r\n]/.test(value)) throw new Error(`output ${name} holds a line break`);
    return `${name}=${value}\n`;
  });
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, lines.join(''));
}

/** Markdown for the job's summary, also printed to the log. */
export function addSummary(markdown: string, env: NodeJS.ProcessEnv = process.env): void {
  console.log(markdown);
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${markdown}\n\n`);
}

/** A workflow command's value on one line, as GitHub decodes it. */
export const escapeCommand = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** Runs a step's main; a thrown error becomes the step's error annotation and a failed step. */
export async function runStep(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.log(`::error::${escapeCommand(error instanceof Error ? error.message : String(error))}`);
    process.exitCode = 1;
  }
}
