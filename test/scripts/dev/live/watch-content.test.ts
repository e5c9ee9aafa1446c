/**
 * Which paths the content watcher counts, and the real fs.watch reporting saves, additions, renames and
 * deletions, in subfolders too. Unit on a temporary folder.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { isContentPath, watchContent } from '../../../../scripts/dev/live/watch-content.ts';

describe('isContentPath', () => {
  test('markdown at the top, anything under samples/ and media/, and those folders', () => {
    for (const path of ['guide-a.md', 'samples/hud/overlay.cs', 'media/shot.png', 'samples\\win\\a.txt', 'samples', 'media/new-folder'])
      expect(isContentPath(path)).toBe(true);
  });

  test('not other files, nor markdown in other folders, nor scratch files editors write while saving', () => {
    for (const path of [
      'notes.txt',
      'drafts/guide-a.md',
      '.guide-a.md.swp',
      'guide-a.md~',
      '4913',
      '.#guide-a.md',
      '#guide-a.md#',
      'media/.DS_Store',
      'samples/a.cs.tmp',
      'drafts',
    ])
      expect(isContentPath(path), path).toBe(false);
  });
});

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('saving, adding, renaming and deleting a file each report its path; scratch files report nothing', async () => {
  dir = mkdtempSync(join(tmpdir(), 'watch-content-'));
  const at = (...parts: string[]) => join(dir!, ...parts);
  mkdirSync(at('samples'));
  writeFileSync(at('guide-a.md'), 'a');
  const seen = new Set<string>();
  const watcher = watchContent(
    dir,
    (path) => seen.add(path),
    (error) => seen.add(`error: ${error.message}`),
  );
  /** Does `action`, then waits for `path` among the events it causes. */
  const reports = async (action: () => void, path: string) => {
    seen.clear();
    action();
    await expect.poll(() => seen.has(path), { message: `an event on ${path}` }).toBe(true);
  };
  try {
    // The recursive watch sets itself up after the call returns.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await reports(() => writeFileSync(at('guide-a.md'), 'a, saved'), 'guide-a.md');
    await reports(() => writeFileSync(at('guide-b.md'), 'b'), 'guide-b.md');
    await reports(() => renameSync(at('guide-b.md'), at('guide-c.md')), 'guide-c.md');
    await reports(() => rmSync(at('guide-a.md')), 'guide-a.md');
    await reports(() => writeFileSync(at('samples', 'x.cs'), 'x'), 'samples/x.cs');
    // Saved as editors that keep a backup do: a new file renamed over the old one, twice over.
    for (const text of ['c, safely saved', 'c, safely saved again']) {
      await reports(() => {
        writeFileSync(at('guide-c.md.tmp'), text);
        renameSync(at('guide-c.md.tmp'), at('guide-c.md'));
      }, 'guide-c.md');
    }
    // A folder made after the watch started is watched too, and so is one inside it.
    await reports(() => mkdirSync(at('media', 'shots'), { recursive: true }), 'media');
    await reports(() => mkdirSync(at('media', 'shots', 'old')), 'media/shots/old');
    await reports(() => writeFileSync(at('media', 'shots', 'old', 'a.png'), 'png'), 'media/shots/old/a.png');
    await reports(() => rmSync(at('media'), { recursive: true }), 'media');
    await reports(() => {
      writeFileSync(at('.guide-c.md.swp'), 'scratch');
      writeFileSync(at('guide-c.md~'), 'backup');
      writeFileSync(at('notes.txt'), 'not content');
      writeFileSync(at('guide-c.md'), 'c, saved');
    }, 'guide-c.md');
    expect([...seen]).toEqual(['guide-c.md']);
  } finally {
    watcher.close();
  }
});
