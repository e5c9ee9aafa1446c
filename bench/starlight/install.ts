/**
 * Astro and Starlight, installed on first use into a cache folder of their own, never into the project's dependencies.
 * I/O: writes the folder's package.json; runs `npm install` there (the npm registry).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

// Not under node_modules/: Vite leaves files there unbundled, and Astro refuses a symlinked node_modules.
export const STARLIGHT_CACHE = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'race-element-starlight');

/** Pinned together: astro's version must satisfy this Starlight's peer range; a change reinstalls them. */
export const STARLIGHT_VERSIONS = { astro: '7.3.5', '@astrojs/starlight': '0.42.4' } as const;

const installedVersion = (name: string): string | undefined => {
  const manifest = join(STARLIGHT_CACHE, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
};

/** Installs the pinned versions unless they are there; returns the astro CLI's path. */
export function ensureStarlight(log: (line: string) => void = () => {}): string {
  mkdirSync(STARLIGHT_CACHE, { recursive: true });
  const manifest = { name: 'race-element-starlight-bench', private: true, type: 'module', dependencies: STARLIGHT_VERSIONS };
  writeFileSync(join(STARLIGHT_CACHE, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const missing = Object.entries(STARLIGHT_VERSIONS).filter(([name, version]) => installedVersion(name) !== version);
  if (missing.length) {
    log(`installing ${missing.map(([n, v]) => `${n}@${v}`).join(', ')} into ${STARLIGHT_CACHE}`);
    // Scripts off: sharp's would fetch libvips (no internet here), and the build uses Astro's
    // passthrough image service instead. This Node first on PATH: the pinned Astro refuses Node < 22.
    const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
      cwd: STARLIGHT_CACHE,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` },
    });
    if (result.status !== 0) throw new Error(`npm install in ${STARLIGHT_CACHE} failed (${result.status ?? result.signal})`);
  }
  const cli = join(STARLIGHT_CACHE, 'node_modules', 'astro', 'bin', 'astro.mjs');
  if (!existsSync(cli)) throw new Error(`${cli} is missing after install`);
  return cli;
}
