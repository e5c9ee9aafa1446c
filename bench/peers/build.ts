/**
 * A peer's project of our content, written and built with its generator, and reused while its inputs hash the same.
 * I/O: installs the generator (install.ts); writes and builds the project under its cache folder's `site/`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { installPeer, type PeerPackages } from './install.ts';

export interface PeerBuild {
  /** Names the peer in the log and in errors. */
  label: string;
  packages: PeerPackages;
  /** Where the build writes the site, in the project. */
  dist: string;
  /** The build's arguments after the CLI, and what it adds to the environment. */
  args: string[];
  env?: Record<string, string>;
}

/** Builds (or reuses) the project of `files` (by path, pages ending in `.md`); returns its dist folder. */
export function buildPeerSite(
  { label, packages, dist: distPath, args, env = {} }: PeerBuild,
  files: Map<string, string | Buffer>,
  log: (line: string) => void,
): string {
  const project = join(packages.cache, 'site');
  const dist = join(project, distPath);
  const stamp = join(dist, '.inputs-sha256');
  const sha = createHash('sha256').update(JSON.stringify(packages.versions));
  for (const [path, content] of files) sha.update(`\0${path}\0`).update(content);
  const hash = sha.digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    log(`${label}: reusing the build in ${dist}`);
    return dist;
  }
  const cli = installPeer(packages, log);
  rmSync(project, { recursive: true, force: true });
  for (const [path, content] of files) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), content);
  }
  log(`${label}: build of ${[...files.keys()].filter((p) => p.endsWith('.md')).length} pages`);
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: project,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${label} build failed (${result.status ?? result.signal})`);
  writeFileSync(stamp, hash);
  return dist;
}
