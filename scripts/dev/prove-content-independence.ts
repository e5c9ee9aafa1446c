/**
 * `node scripts/dev/prove-content-independence.ts [--content-check]`: in a scratch clone, edits content/ and shows the
 * suite stays green, then that an invalid post fails only the content check. I/O: a clone, vitest runs.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CLIENT_OUTPUT, ensureFreshBuild, WORKER_OUTPUT } from './fresh-build.ts';

const CONTENT_CHECK = 'test/content/live-content.test.ts';
const INVALID_FILE = 'news-proof-invalid.md';
/** The line of the invalid post's bad field (its date), as the check must name it. */
const INVALID_AT = `${INVALID_FILE}:6`;
const INVALID_POST = `---
title: "A post with an impossible date"
slug: proof-invalid
description: "Its date is no day of the calendar"
type: news
date: 2026-13-45
---
Text.
`;

interface VitestJson {
  success: boolean;
  testResults: { name: string; status: string; assertionResults: { status: string; failureMessages: string[] }[] }[];
}

function run(command: string, args: string[], cwd: string): number {
  const { status } = spawnSync(command, args, { cwd, stdio: 'inherit' });
  return status ?? 1;
}

/** Runs vitest in the clone with the JSON reporter; the parsed report. */
function vitest(clone: string, files: string[]): VitestJson {
  const report = join(clone, 'vitest-report.json');
  rmSync(report, { force: true });
  run('npx', ['vitest', 'run', ...files, '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`], clone);
  return JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
}

class ProofFailed extends Error {}

function fail(message: string): never {
  throw new ProofFailed(message);
}

/** A clone of HEAD with this checkout's node_modules linked and its (fresh) dist/ copied, newer than the clone's sources. */
function scratchClone(): { clone: string; remove(): void } {
  ensureFreshBuild();
  const parent = mkdtempSync(join(tmpdir(), 'race-element-proof-'));
  const clone = join(parent, 'site');
  if (run('git', ['clone', '--quiet', resolve('.'), clone], '.') !== 0) fail('git clone failed');
  symlinkSync(resolve('node_modules'), join(clone, 'node_modules'), 'dir');
  cpSync('dist', join(clone, 'dist'), { recursive: true });
  // Copied in any order: the Worker must stay newer than the client manifest it embeds.
  const now = Date.now() / 1000;
  utimesSync(join(clone, CLIENT_OUTPUT), now, now);
  utimesSync(join(clone, WORKER_OUTPUT), now + 1, now + 1);
  return { clone, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

/** The writer's edits: a new post, a guide retitled, a news file deleted. */
function editContent(clone: string): void {
  const content = join(clone, 'content');
  if (run('node', ['scripts/new-content.ts', 'news', 'Race Element 2.1 brings telemetry overlays'], clone) !== 0)
    fail('npm run new failed');
  const guide = join(content, 'guide-DSX.md');
  writeFileSync(guide, readFileSync(guide, 'utf8').replace(/^title: .*$/m, 'title: "Retitled: Dualsense triggers with DSX"'));
  rmSync(join(content, 'news-nexusmods-listing.md'));
}

function expectGreen(report: VitestJson): void {
  const failed = report.testResults.filter((file) => file.status !== 'passed').map((file) => file.name);
  if (!report.success || failed.length > 0) fail(`the suite is not green after editing content/: ${failed.join(', ') || 'see above'}`);
  console.log(`first half holds: ${report.testResults.length} test files green with content/ edited`);
}

function expectOnlyContentCheckFails(report: VitestJson): void {
  const failed = report.testResults.filter((file) => file.status !== 'passed');
  const names = failed.map((file) => file.name);
  if (names.length !== 1 || !names[0]!.endsWith(CONTENT_CHECK))
    fail(`expected only ${CONTENT_CHECK} to fail, got: ${names.join(', ') || 'none'}`);
  const messages = failed[0]!.assertionResults.flatMap((test) => test.failureMessages).join('\n');
  if (!messages.includes(INVALID_AT)) fail(`the content check failed without naming ${INVALID_AT}:\n${messages}`);
  console.log(`second half holds: only ${CONTENT_CHECK} fails, naming ${INVALID_AT}`);
}

const contentCheckOnly = process.argv.includes('--content-check');
const { clone, remove } = scratchClone();
try {
  editContent(clone);
  if (!contentCheckOnly) expectGreen(vitest(clone, []));
  writeFileSync(join(clone, 'content', INVALID_FILE), INVALID_POST);
  expectOnlyContentCheckFails(vitest(clone, contentCheckOnly ? [CONTENT_CHECK] : []));
} catch (error) {
  if (!(error instanceof ProofFailed)) throw error;
  console.error(`prove-content-independence: ${error.message}`);
  process.exitCode = 1;
} finally {
  remove();
}
