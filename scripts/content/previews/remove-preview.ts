/** `--remove-preview <name>`: deletes its record under the publish lock; its keys go with the next clean-up. I/O: KV. */
import { previewKey } from '../../../contracts/kv-keys.ts';
import type { KvStore } from '../kv/kv-store.ts';
import { stage, UploadConflictError } from '../publish/publish-error.ts';
import { type Log, type TakeLock, withPublishLock } from '../publish/publish-lock.ts';
import { readPreviews } from './previews.ts';

export type RemovePreviewOptions = { store: KvStore; name: string; lock?: TakeLock | undefined; log?: Log };

export async function removePreview({ store, name, lock, log = () => {} }: RemovePreviewOptions): Promise<void> {
  await withPublishLock(lock ?? null, log, async () => {
    const unchanged = () => `The preview ${name} was not removed; the public site is unchanged.`;
    const records = await stage(unchanged, () => readPreviews(store));
    if (!records.some((r) => r.name === name)) {
      const names = records.map((r) => r.name).join(', ') || 'none';
      throw new UploadConflictError(`there is no preview named ${name} (previews: ${names}): nothing was removed.`);
    }
    await stage(unchanged, () => store.delete(previewKey(name)));
    log(`removed preview ${name}: its link now says the preview no longer exists; its keys go with the next upload's clean-up.`);
  });
}
