/**
 * What actionlint cannot know about our workflows: secrets only in the steps that use them, no multi-command
 * step without pipefail, the concurrency groups, the container's git, Preview's triggers. Reads the YAML.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { expect, test } from 'vitest';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
}
interface Job {
  env?: Record<string, string>;
  concurrency?: { group: string };
  steps?: Step[];
}
interface Workflow {
  on: Record<string, { types?: string[]; paths?: string[] } | null>;
  env?: Record<string, string>;
  concurrency?: { group: string };
  jobs: Record<string, Job>;
}

const workflows = Object.fromEntries(
  readdirSync('.github/workflows').map((file) => [file, load(readFileSync(`.github/workflows/${file}`, 'utf8')) as Workflow]),
);
const steps = Object.entries(workflows).flatMap(([file, w]) =>
  Object.entries(w.jobs).flatMap(([job, j]) =>
    (j.steps ?? []).map((step) => ({ where: `${file} ${job}: ${step.name ?? step.uses}`, step })),
  ),
);
/** A GitHub expression, spelled out (a literal one reads as a mistaken template string). */
const expr = (inner: string) => `\${{ ${inner} }}`;
const usesSecrets = (env: Record<string, string> | undefined) => Object.values(env ?? {}).some((value) => /secrets\./.test(value));

test('secrets reach steps only, never a workflow, a job or a step that installs packages', () => {
  for (const [file, w] of Object.entries(workflows)) {
    expect(usesSecrets(w.env), file).toBe(false);
    for (const [job, j] of Object.entries(w.jobs)) expect(usesSecrets(j.env), `${file} ${job}`).toBe(false);
  }
  const installing = steps.filter(({ step }) => /npm ci|apt-get/.test(step.run ?? '') || step.uses === './.github/actions/node');
  expect(installing.length).toBeGreaterThan(0);
  expect(installing.filter(({ step }) => usesSecrets(step.env)).map(({ where }) => where)).toEqual([]);
});

test('a step of more than one command runs in bash, which GitHub starts with pipefail', () => {
  const multi = steps.filter(({ step }) => /\n|&&|\|\||\s[|;]\s|;\s/.test((step.run ?? '').trim()));
  expect(multi.filter(({ step }) => step.shell !== 'bash').map(({ where }) => where)).toEqual([]);
});

test('Publish and Rollback queue apart; Preview and Preview of a fork share one group per pull request', () => {
  expect(workflows['publish.yml']!.concurrency!.group).not.toBe(workflows['rollback.yml']!.concurrency!.group);
  expect(workflows['preview.yml']!.concurrency!.group).toContain("format('preview-pr-{0}'");
  const fork = workflows['preview-fork.yml']!.jobs;
  for (const job of ['notice', 'remove']) expect(fork[job]!.concurrency!.group).toBe(`preview-pr-${expr('needs.find.outputs.number')}`);
});

test("Test's git trusts the container's workspace before checkout; Preview hears every close, whatever the files", () => {
  const test = workflows['test.yml']!.jobs.test!.steps!;
  const trust = test.findIndex((step) => step.run === 'git config --global --add safe.directory "$GITHUB_WORKSPACE"');
  expect(trust).toBeGreaterThan(-1);
  expect(trust).toBeLessThan(test.findIndex((step) => step.uses?.startsWith('actions/checkout@')));
  expect(workflows['preview.yml']!.on.pull_request).toEqual({ types: ['opened', 'synchronize', 'reopened', 'closed'] });
});
