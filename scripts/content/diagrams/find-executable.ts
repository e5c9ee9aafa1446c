/** Finds a command the way a shell does: the first executable file of that name on PATH. I/O: stats files. */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** True when `path` is a file this process may execute. */
export function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The absolute path `name` resolves to on `searchPath` (default: this process's PATH), or undefined. */
export function findExecutable(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(delimiter)) {
    // An empty or relative entry would mean the current folder: a shell quirk, not followed here.
    if (!dir || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}
