/**
 * Watches what an upload reads in a content folder: top-level `*.md`, files below samples/ and media/.
 * `isContentPath` is pure; `watchContent` holds one fs.watch per folder (docs/publishing.md, Live preview).
 */
import { type Dirent, type FSWatcher, readdirSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';

/**
 * Names editors and tools write beside the real file while saving: vim's swap files and its
 * `4913` probe, backups ending in `~`, Emacs' `.#lock` and `#autosave#`, hidden and `.tmp` files.
 */
const SCRATCH = /(^\.|~$|\.sw[a-p]$|\.tmp$|^4913$|^#.*#$)/;
/** Folders the upload reads every file of. */
const FILE_FOLDERS = new Set(['samples', 'media']);

/** Whether a path below the content folder (either separator) is one the upload reads, or a folder holding them. */
export function isContentPath(path: string): boolean {
  const parts = path.split(/[\\/]/).filter(Boolean);
  const name = parts.at(-1);
  if (!name || SCRATCH.test(name)) return false;
  if (parts.length === 1) return name.endsWith('.md') || FILE_FOLDERS.has(name);
  return FILE_FOLDERS.has(parts[0]!);
}

/** Whether a folder (path below the content folder, forward slashes) is one to watch: samples/, media/ and below. */
const isWatchedFolder = (path: string): boolean => FILE_FOLDERS.has(path.split('/')[0]!) && !SCRATCH.test(path.split('/').at(-1)!);

/** A folder's entries; none when it went away meanwhile. */
function readdirSafe(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export interface ContentWatcher {
  close(): void;
}

/** Calls `changed` with the path (relative, forward slashes) of every event on content; `failed` if the watch itself breaks. */
export function watchContent(dir: string, changed: (path: string) => void, failed: (error: Error) => void): ContentWatcher {
  const watchers = new Map<string, FSWatcher>();
  const isFolder = (path: string) => statSync(join(dir, path), { throwIfNoEntry: false })?.isDirectory() ?? false;

  const unwatch = (folder: string) => {
    for (const [path, watcher] of watchers) {
      if (path === folder || path.startsWith(`${folder}/`)) {
        watcher.close();
        watchers.delete(path);
      }
    }
  };

  const watchFolder = (folder: string) => {
    if (watchers.has(folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(join(dir, folder), (_event, name) => {
        if (name === null) return;
        const path = folder === '' ? name : `${folder}/${name}`;
        if (isWatchedFolder(path)) {
          if (isFolder(path)) watchFolder(path);
          else unwatch(path);
        }
        if (isContentPath(path)) changed(path);
      });
    } catch (error) {
      // Gone between the event and now: its parent's watch has reported it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') failed(error as Error);
      return;
    }
    watcher.on('error', (error) => {
      unwatch(folder);
      if (folder === '') failed(error);
    });
    watchers.set(folder, watcher);
    const entries = folder === '' ? readdirSync(dir, { withFileTypes: true }) : readdirSafe(join(dir, folder));
    for (const entry of entries) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory() && isWatchedFolder(path)) watchFolder(path);
    }
  };

  watchFolder('');
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
