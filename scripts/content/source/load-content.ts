/**
 * Reads a content folder: top-level `*.md`, files under samples/ and media/, and each file's last edit.
 * Disk I/O (git through file-history.ts), no checks.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { MediaFile } from '../build/media.ts';
import { type FileTimes, readLastEdits } from './file-history.ts';

export interface SourceFile {
  /** File name, e.g. `guide-get-started.md`. */
  file: string;
  source: string;
}

export interface SampleFile {
  /** Path below `samples/`, with forward slashes. */
  path: string;
  content: string;
}

export interface ContentFolder {
  /** The folder it was read from (where copies of images from other hosts go); absent for content made in memory. */
  dir?: string;
  files: SourceFile[];
  samples: SampleFile[];
  /**
   * File name → its last edit after it was added and its last change (file-history.ts: git
   * history, or the mtime outside git). Content made in memory (tests, benchmark) has none.
   */
  lastEdits?: ReadonlyMap<string, FileTimes>;
  /** Images under `media/` (media.ts checks them); absent in content made in memory without any. */
  media?: MediaFile[];
}

/** How the last edits are found: git by default (file-history.ts); `npm start` keeps git's answer between saves. */
export type LastEditsReader = (dir: string, files: readonly string[]) => Promise<ReadonlyMap<string, FileTimes>>;

export async function loadContentFolder(dir: string, readEdits: LastEditsReader = readLastEdits): Promise<ContentFolder> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  // git runs while the files are read.
  const lastEdits = readEdits(dir, names);
  const sources = await readTexts(names.map((file) => join(dir, file)));
  const files = names.map((file, i) => ({ file, source: sources[i]! }));
  const samplesDir = join(dir, 'samples');
  let samplePaths: string[] = [];
  try {
    const listed = await readdir(samplesDir, { recursive: true, withFileTypes: true });
    samplePaths = listed
      .filter((d) => d.isFile())
      .map((d) => relative(samplesDir, join(d.parentPath, d.name)).split(sep).join('/'))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const samples = await Promise.all(samplePaths.map(async (path) => ({ path, content: await readFile(join(samplesDir, path), 'utf8') })));
  const media = await Promise.all(
    (await filesBelow(join(dir, 'media'))).map(async (name) => ({ name, bytes: new Uint8Array(await readFile(join(dir, 'media', name))) })),
  );
  return { dir, files, samples, lastEdits: await lastEdits, media };
}

/** Files read at once, not through the promise API, whose round trips through the thread pool cost several times as
 * much for thousands of small files (bench/publish-scale.ts); the event loop runs between slices of them. */
async function readTexts(paths: readonly string[], slice = 500): Promise<string[]> {
  const texts: string[] = [];
  for (let i = 0; i < paths.length; i += slice) {
    for (const path of paths.slice(i, i + slice)) texts.push(readFileSync(path, 'utf8'));
    await new Promise(setImmediate);
  }
  return texts;
}

/** Paths of the files below `folder`, with forward slashes, sorted; none when it does not exist. */
async function filesBelow(folder: string): Promise<string[]> {
  try {
    const listed = await readdir(folder, { recursive: true, withFileTypes: true });
    return listed
      .filter((d) => d.isFile())
      .map((d) => relative(folder, join(d.parentPath, d.name)).split(sep).join('/'))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
