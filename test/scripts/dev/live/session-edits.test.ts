/**
 * Session edits ask git once and then only on refresh(), never while reading; later saves count as
 * uncommitted changes only for tracked files. Unit, real files, given git answers.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { type FileTimes, type GitHistory, isoLocal } from '../../../../scripts/content/source/file-history.ts';
import { sessionLastEdits } from '../../../../scripts/dev/live/session-edits.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const COMMITTED = '2025-01-02T03:04:05+00:00';
/** File → its last edit, for the files that have one. */
const edited = (times: ReadonlyMap<string, FileTimes>) =>
  Object.fromEntries([...times].flatMap(([file, { edited }]) => (edited === undefined ? [] : [[file, edited]])));
const FILES = ['guide-edited.md', 'guide-added.md', 'guide-new.md'];

test('git once up front, then only on refresh and not too often; saves since it was asked read as uncommitted changes of tracked files', async () => {
  dir = mkdtempSync(join(tmpdir(), 'session-edits-'));
  const past = new Date('2025-02-01T00:00:00Z');
  for (const file of FILES) {
    writeFileSync(join(dir, file), file);
    utimesSync(join(dir, file), past, past);
  }
  let asked = 0;
  // The clock moves only when the test says: "too soon" must not depend on how busy the machine is.
  const REFRESH_MS = 600_000;
  let later = 0;
  const clock = () => Date.now() + later;
  const history: GitHistory = {
    commits: new Map([
      ['guide-edited.md', { newest: COMMITTED, count: 2 }],
      ['guide-added.md', { newest: COMMITTED, count: 1 }],
    ]),
    uncommitted: new Set(['guide-new.md']),
  };
  const edits = sessionLastEdits(
    async () => {
      asked++;
      return history;
    },
    REFRESH_MS,
    clock,
  );

  const first = await edits.read(dir, FILES);
  expect(edited(first)).toEqual({ 'guide-edited.md': COMMITTED });
  expect(first.get('guide-added.md')).toEqual({ changed: COMMITTED });
  expect(asked).toBe(1);

  // Saved now, after git was asked: the tracked ones have the save as their edit, the untracked one none.
  for (const file of FILES) writeFileSync(join(dir, file), `${file}, saved`);
  const saved = edited(await edits.read(dir, FILES));
  expect(asked).toBe(1);
  expect(Object.keys(saved).sort()).toEqual(['guide-added.md', 'guide-edited.md']);
  expect(saved['guide-edited.md']).not.toBe(COMMITTED);
  expect(saved['guide-edited.md']!.slice(0, 10)).toBe(isoLocal(new Date()).slice(0, 10));

  // Too soon after the last run: git is not asked.
  edits.refresh(dir);
  expect(asked).toBe(1);
  // Asked again, the files committed meanwhile and untouched since: git's word counts again.
  for (const file of FILES) utimesSync(join(dir, file), past, past);
  later = REFRESH_MS;
  edits.refresh(dir);
  edits.refresh(dir);
  await expect.poll(() => asked).toBe(2);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(edited(await edits.read(dir, FILES))).toEqual({ 'guide-edited.md': COMMITTED });
  expect(asked).toBe(2);
});

test('outside git, every file has its mtime as its edit, as in an upload', async () => {
  dir = mkdtempSync(join(tmpdir(), 'session-edits-'));
  writeFileSync(join(dir, 'guide-a.md'), 'a');
  const when = new Date('2025-05-06T07:08:09Z');
  utimesSync(join(dir, 'guide-a.md'), when, when);
  const edits = sessionLastEdits(async () => null);
  expect(Object.fromEntries(await edits.read(dir, ['guide-a.md']))).toEqual({
    'guide-a.md': { edited: isoLocal(when), changed: isoLocal(when) },
  });
});
