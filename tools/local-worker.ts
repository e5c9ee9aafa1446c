/**
 * A Miniflare instance whose temporary folder is gone once it is disposed.
 *
 * Miniflare keeps each instance's local storage (the Durable Object's SQLite, KV without
 * `kvPersist`) in a fresh folder under os.tmpdir(), and on dispose starts removing it without
 * waiting for the removal: a test process that exits right after leaves the folder behind
 * (412 of them, 257 MB, had piled up in /tmp here). So each instance is constructed with a
 * folder of ours as os.tmpdir() (Miniflare picks its folder in the constructor), and
 * `dispose()` removes that folder once workerd has stopped.
 *
 *   createMiniflare(options)              under the system's temporary directory
 *   createMiniflare(options, '/dev/shm')  under another parent (the load test's, in memory)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';

export type MiniflareOptions = ConstructorParameters<typeof Miniflare>[0];

export interface LocalMiniflare {
  mf: Miniflare;
  /** Stops workerd, then removes the instance's folder. Safe to call twice: Miniflare's own dispose is not. */
  dispose(): Promise<void>;
}

export function createMiniflare(options: MiniflareOptions, parent = tmpdir()): LocalMiniflare {
  const folder = mkdtempSync(join(parent, 'race-element-miniflare-'));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  let mf: Miniflare;
  try {
    mf = new Miniflare(options);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
  let disposed: Promise<void> | undefined;
  const dispose = () => (disposed ??= mf.dispose().finally(() => rmSync(folder, { recursive: true, force: true })));
  return { mf, dispose };
}
