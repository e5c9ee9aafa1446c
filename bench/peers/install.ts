/**
 * A peer's site generator (Starlight, VitePress), installed on first use into a cache folder of its own, never into
 * the project's dependencies. I/O: writes the folder's package.json; runs `npm install` there (the npm registry).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export interface PeerPackages {
  /** The cache folder (peerCache) they are installed into; their site is built in its `site/`. */
  cache: string;
  /** The name in the cache folder's package.json. */
  name: string;
  /** Pinned versions; a change reinstalls them. */
  versions: Readonly<Record<string, string>>;
  /** The generator's CLI, under node_modules/. */
  cli: string;
}

/** `folder` in the user's cache (XDG_CACHE_HOME, else ~/.cache). */
export const peerCache = (folder: string): string => join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), folder);

const installedVersion = (cache: string, name: string): string | undefined => {
  const manifest = join(cache, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
};

/** Installs the pinned versions unless they are there; returns the CLI's path. */
export function installPeer({ cache, name, versions, cli }: PeerPackages, log: (line: string) => void): string {
  mkdirSync(cache, { recursive: true });
  const manifest = { name, private: true, type: 'module', dependencies: versions };
  writeFileSync(join(cache, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const missing = Object.entries(versions).filter(([name, version]) => installedVersion(cache, name) !== version);
  if (missing.length) {
    log(`installing ${missing.map(([n, v]) => `${n}@${v}`).join(', ')} into ${cache}`);
    // Scripts off: sharp's would fetch libvips (no internet here), and the builds need none. This Node first on
    // PATH: the pinned Astro refuses Node < 22.
    const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
      cwd: cache,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` },
    });
    if (result.status !== 0) throw new Error(`npm install in ${cache} failed (${result.status ?? result.signal})`);
  }
  const path = join(cache, 'node_modules', cli);
  if (!existsSync(path)) throw new Error(`${path} is missing after install`);
  return path;
}
