/** A KV text read that fails or passes 3 s becomes ContentError('unavailable'). I/O: one KV read. */
import { ContentError } from '../../contracts/content-error.ts';

const KV_TIMEOUT_MS = 3_000;

/** `key`'s text, or null when KV holds none; `cacheTtl` as KV takes it (seconds, 30 at least). */
export async function readKvText(kv: KVNamespace, key: string, cacheTtl: number): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${KV_TIMEOUT_MS} ms`)), KV_TIMEOUT_MS);
  });
  try {
    return await Promise.race([kv.get(key, { type: 'text', cacheTtl }), timeout]);
  } catch (error) {
    throw new ContentError('unavailable', `Reading ${key} from KV failed: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
