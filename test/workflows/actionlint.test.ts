/**
 * `npm run lint:workflows` (which `npm test` runs on the repository's workflows) names file, line and problem on a
 * broken one. Real command line.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';

const scratch = mkdtempSync(join(tmpdir(), 'race-element-actionlint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `npm run lint:workflows` in `cwd`, a scratch copy of the repository's package.json with other workflows. */
function actionlint(cwd: string): { status: number | null; output: string } {
  const result = spawnSync('npm', ['run', 'lint:workflows'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A GitHub expression, spelled out (a literal one reads as a mistaken template string). */
const expr = (inner: string) => `\${{ ${inner} }}`;

test('a workflow with a typo in an expression, or a pull request title spliced into a script, fails', () => {
  copyFileSync('package.json', join(scratch, 'package.json'));
  symlinkSync(resolve('node_modules'), join(scratch, 'node_modules'));
  mkdirSync(join(scratch, '.github/workflows'), { recursive: true });
  writeFileSync(
    join(scratch, '.github/workflows/broken.yml'),
    [
      'on: pull_request',
      'permissions: {}',
      'jobs:',
      '  greet:',
      '    runs-on: ubuntu-24.04',
      '    steps:',
      `      - run: echo "${expr('github.event.pull_request.title')}"`,
      `      - run: echo "${expr('github.evnt.number')}"`,
      '',
    ].join('\n'),
  );
  const { status, output } = actionlint(scratch);
  expect(status).toBe(1);
  expect(output).toMatch(/broken\.yml:7:\d+ "github\.event\.pull_request\.title" is potentially untrusted/);
  expect(output).toMatch(/broken\.yml:8:\d+ property "evnt" is not defined/);
});
