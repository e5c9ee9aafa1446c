/**
 * `npm run upload -- --rollback [version]`: a kept version live again under the next number, one manifest write.
 * Refused, nothing written, when it is not kept or a key it names is gone. I/O: KV reads and writes.
 */
import type { Manifest } from '../../../contracts/kv-values.ts';
import type { KvStore } from '../kv/kv-store.ts';
import { readContentKeys, readManifest } from '../kv/stored-records.ts';
import { type HistoryRecord, historyKey, historyRecord, readHistory } from './history.ts';
import { namedKeys } from './named-keys.ts';
import type { UploadPlan } from './plan-upload.ts';
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
  lock?: TakeLock | undefined;
  now?: string;
  log?: (line: string) => void;
}

export interface RollbackOutcome {
  /** The version number the restored content is live under. */
  version: number;
  restored: number;
}

export async function rollback({
  store,
  version,
  lock: take,
  now = new Date().toISOString(),
  log = () => {},
}: RollbackOptions): Promise<RollbackOutcome> {
  return withPublishLock(take ?? null, log, async (lock) => {
    let served: number | null | undefined;
    const { current, target } = await stage(
      () => live.nothingPublished(served),
      async () => {
        const current = await readManifest(store);
        served = current?.version ?? null;
        if (!current) throw new RollbackRefusedError('nothing is published: there is no version to roll back from');
        const target = chooseTarget(current, await readHistory(store), version);
        const present = await readContentKeys(store);
        const missing = namedKeys(target.manifest).filter((key) => !present.has(key));
        if (missing.length > 0) {
          const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? `, and ${missing.length - 10} more` : '');
          throw new RollbackRefusedError(
            `version ${target.version} cannot be made live: ${missing.length} key(s) it names are gone from KV (${shown})`,
          );
        }
        return { current, target };
      },
    );
    const manifest: Manifest = { ...target.manifest, version: current.version + 1, publishedAt: now };
    const record = historyRecord(manifest, current, machineUser(), target.version);
    const plan: UploadPlan = {
      writes: [{ key: historyKey(manifest.version), value: JSON.stringify(record) }],
      manifest,
      basedOn: current.version,
      manifestChanged: true,
      deletes: [],
      entries: [],
      drafts: [],
      samples: [],
    };
    await publishPlan(store, plan, lock);
    log(
      `rolled back: version ${manifest.version} is live, with the content of version ${target.version} (${target.manifest.entries.length} entries; no entry written).`,
    );
    return { version: manifest.version, restored: target.version };
  });
}

function chooseTarget(current: Manifest, records: HistoryRecord[], version: number | undefined): HistoryRecord {
  const available = records.map((r) => `v${r.version}`).join(', ') || 'none';
  let wanted = version;
  if (wanted === undefined) {
    const liveRecord = records.find((r) => r.version === current.version);
    if (!liveRecord)
      throw new RollbackRefusedError(
        `the live version ${current.version} has no history record, so its previous version is not known; name one (kept: ${available})`,
      );
    if (liveRecord.replaced === null)
      throw new RollbackRefusedError(`version ${current.version} is the first recorded version: there is none before it`);
    wanted = liveRecord.replaced;
  }
  if (wanted === current.version) throw new RollbackRefusedError(`version ${wanted} is already live`);
  const target = records.find((r) => r.version === wanted);
  if (!target) throw new RollbackRefusedError(`version ${wanted} is not in the history (kept: ${available})`);
  return target;
}
