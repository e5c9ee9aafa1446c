/** `--rollback [N]`: a kept version live again under the next number, one manifest write; refused if not kept or a key is gone. I/O: KV. */
import { historyKey } from '../../../contracts/kv-keys.ts';
import type { Manifest } from '../../../contracts/kv-values.ts';
import { indexed } from '../build/site-pieces.ts';
import type { KvStore } from '../kv/kv-store.ts';
import { readContentKeys, readLiveManifest } from '../kv/stored-records.ts';
import { DEFAULT_KEEP_VERSIONS, type HistoryRecord, historyRecord, keptHistory, readHistory } from './history.ts';
import { namedKeys } from './named-keys.ts';
import { publishPlan } from './publish.ts';
import { live, stage, UploadConflictError } from './publish-error.ts';
import { machineUser, type TakeLock, withPublishLock } from './publish-lock.ts';

/** The rollback cannot be done: nothing was written (a refusal, like a conflict: not wrapped as a KV failure). */
export class RollbackRefusedError extends UploadConflictError {
  constructor(message: string) {
    super(`${message}: nothing was written.`);
    this.name = 'RollbackRefusedError';
  }
}

export interface RollbackOptions {
  store: KvStore;
  /** The version to make live; default: the one the live version replaced. */
  version?: number;
  /** The upload's --keep: only a version it keeps (keptHistory) can be made live. */
  keep?: number;
  /** The production namespace: what the last line says publishes content/ again. */
  remote?: boolean;
  lock?: TakeLock | undefined;
  now?: string;
  log?: (line: string) => void;
}

export async function rollback({
  store,
  version,
  keep = DEFAULT_KEEP_VERSIONS,
  remote = false,
  lock: take,
  now = new Date().toISOString(),
  log = () => {},
}: RollbackOptions) {
  return withPublishLock(take ?? null, log, async (lock) => {
    let served: number | null | undefined;
    const { current, target, present } = await stage(
      () => live.nothingPublished(served),
      async () => {
        let broken = false;
        const lastGood = async () => (await readHistory(store))[0]?.manifest ?? null;
        const current = await readLiveManifest(store, lastGood, (line) => {
          broken = true;
          log(line);
        });
        served = current?.version ?? null;
        if (!current) throw new RollbackRefusedError('nothing is published: there is no version to roll back from');
        const kept = keptHistory(await readHistory(store), current.version, keep);
        // KV's manifest does not validate: the last good version itself is the one to make live again.
        const target = broken && version === undefined && kept[0] ? kept[0] : chooseTarget(current, kept, version);
        const present = await readContentKeys(store);
        const missing = namedKeys(target.manifest).filter((key) => !present.has(key));
        if (missing.length > 0) {
          const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? `, and ${missing.length - 10} more` : '');
          throw new RollbackRefusedError(
            `version ${target.version} cannot be made live: ${missing.length} key(s) it names are gone from KV (${shown})`,
          );
        }
        // Its entries' keys name no pieces with listings.
        if (!target.manifest.pieces) throw new RollbackRefusedError(`version ${target.version} predates the site index: publish it again`);
        return { current, target, present };
      },
    );
    const restored: Manifest = { ...target.manifest, version: current.version + 1, publishedAt: now };
    const { manifest, root, writes: pieces } = indexed(restored, target.manifest, present, target.manifest.pieces); // kept with it
    const record = historyRecord(manifest, current, machineUser(), 'rollback', target.version);
    const writes = [...pieces, { key: historyKey(manifest.version), value: JSON.stringify(record) }];
    const plan = { writes, manifest, root, previous: current, manifestChanged: true, deletes: [], entries: [], drafts: [], samples: [] };
    // What comes back and goes, as an upload prints its plan before publishing it.
    for (const line of rollbackLines(current, target)) log(line);
    const purged = await publishPlan(store, plan, lock, log);
    const entries = target.manifest.entries.length;
    log(
      `rolled back: version ${manifest.version} is live, with the content of version ${target.version} (${entries} entries; no entry written).`,
    );
    const next = remote
      ? '`npm run upload -- --remote` (the publish workflow runs it on a push to main)'
      : 'save in `npm start` or the next `npm run upload`';
    log(`content/ now differs from what is live: the next ${next} publishes content/ again.`);
    return { version: manifest.version, restored: target.version, entries, ...purged };
  });
}

/** The entries a rollback to `back` brings back and takes away, by content file, in the upload's columns. Pure. */
export function rollbackLines(live: Manifest, back: HistoryRecord): string[] {
  const keys = new Map(live.entries.map((e) => [e.file, e.key]));
  const files = new Set(back.manifest.entries.map((e) => e.file));
  const restored = back.manifest.entries.filter((e) => keys.get(e.file) !== e.key);
  return [
    ...restored.map((e) => `restored  ${e.file} → ${e.slug}${keys.has(e.file) ? ` (its text of version ${back.version})` : ''}`).sort(),
    ...live.entries
      .filter((e) => !files.has(e.file))
      .map((e) => `removed   ${e.file} → ${e.slug}`)
      .sort(),
  ];
}

function chooseTarget(current: Manifest, kept: HistoryRecord[], version: number | undefined): HistoryRecord {
  const available = kept.map((r) => `v${r.version}`).join(', ') || 'none';
  let wanted = version;
  if (wanted === undefined) {
    const liveRecord = kept.find((r) => r.version === current.version);
    if (!liveRecord)
      throw new RollbackRefusedError(
        `the live version ${current.version} has no history record, so its previous version is not known; name one (kept: ${available})`,
      );
    if (liveRecord.replaced === null)
      throw new RollbackRefusedError(`version ${current.version} is the first recorded version: there is none before it`);
    wanted = liveRecord.replaced;
  }
  if (wanted === current.version) throw new RollbackRefusedError(`version ${wanted} is already live`);
  const target = kept.find((r) => r.version === wanted);
  if (!target) throw new RollbackRefusedError(`version ${wanted} is not kept (kept: ${available})`);
  return target;
}
