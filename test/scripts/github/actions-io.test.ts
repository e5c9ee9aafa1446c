/** A step script's env inputs, outputs, summary and error line. Unit and temporary files. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import * as z from 'zod';
import { addSummary, escapeCommand, NUMBER, readEnv, SHA, setOutputs } from '../../../scripts/github/actions-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'race-element-actions-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('inputs are checked: a pull request number, a full SHA', () => {
  const schema = z.object({ PR_NUMBER: z.string().regex(NUMBER), SHA: z.string().regex(SHA) });
  expect(readEnv(schema, { PR_NUMBER: '12', SHA: 'a'.repeat(40) })).toEqual({ PR_NUMBER: '12', SHA: 'a'.repeat(40) });
  expect(() => readEnv(schema, { PR_NUMBER: '0', SHA: 'a'.repeat(40) })).toThrow(/^PR_NUMBER: /);
  expect(() => readEnv(schema, { PR_NUMBER: '1', SHA: 'A'.repeat(40) })).toThrow(/^SHA: /);
  expect(() => readEnv(schema, { PR_NUMBER: '1', SHA: 'a'.repeat(39) })).toThrow(/^SHA: /);
});

test('outputs and summary are appended to the files GitHub names; a line break in an output is refused', () => {
  const env = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') };
  setOutputs({ kind: 'content', sha: 'abc' }, env);
  setOutputs({ more: 'x' }, env);
  addSummary('### Done', env);
  expect(readFileSync(env.GITHUB_OUTPUT, 'utf8')).toBe('kind=content\nsha=abc\nmore=x\n');
  expect(readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8')).toBe('### Done\n\n');
  expect(() => setOutputs({ kind: 'a\nb=c' }, env)).toThrow('output kind holds a line break');
});

test('an error line stays one line', () => {
  expect(escapeCommand('50% done\r\n::set-env')).toBe('50%25 done%0D%0A::set-env');
});
