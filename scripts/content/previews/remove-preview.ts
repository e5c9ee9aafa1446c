/**
 * `npm run upload -- --remove-preview <name>`: deletes the preview's record under the upload lock; its keys go with
 * the next live clean-up. I/O: KV reads and a delete.
 */
import { previewKey } from '../../../contracts/kv-keys.ts';
import { stage, UploadConflictError } from '../publish/publish-error.ts';
import { type LockedCommandOptions, underUploadLock } from '../publish/upload-lock.ts';
import { readPreviews } from './previews.ts';

export interface RemovePreviewOptions extends LockedCommandOptions {
  name: string;
}

export async function removePreview({ name, ...options }: RemovePreviewOptions): Promise<void> {
  await underUploadLock(options, async ({ lock, log }) => {
    const unchanged = () => `The preview ${name} was not removed; the public site is unchanged.`;
    const records = await stage(unchanged, () => readPreviews(options.store));
    if (!records.some((r) => r.name === name)) {
      const names = records.map((r) => r.name).join(', ') || 'none';
      throw new UploadConflictError(`there is no preview named ${name} (previews: ${names}): nothing was removed.`);
    }
    await stage(unchanged, async () => {
      await lock.check();
      await options.store.delete(previewKey(name));
    });
    log(`removed preview ${name}: its link now says the preview no longer exists; its keys go with the next upload's clean-up.`);
  });
}
