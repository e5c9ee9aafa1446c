/**
 * Copies the images articles show from other hosts into content/media/remote/, checked (and then encoded) as media files are.
 * I/O: HTTP requests and writes below `<content>/media/remote/`; an image not copied is a warning.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { REMOTE_IMAGE_MAX_BYTES } from '../../../contracts/media.ts';
import { readAtMost } from '../../../contracts/read-at-most.ts';
import { remoteCopyBase, remoteCopyName } from '../markdown/remote-images.ts';
import { stageProgress } from '../progress.ts';
import type { ContentFolder } from '../source/load-content.ts';
import { type ContentProblem, contentProblem } from '../source/problems.ts';
import { encodeMedia } from './encode-media.ts';
import { type ImagePlace, imagesWithoutCopy } from './images-without-copy.ts';
import { buildMedia, detectMediaExtension, type MediaFile } from './media.ts';

export interface CopyOptions {
  /** How long one image may take, headers and body (default 15 s). */
  timeoutMs?: number;
  log?: (line: string) => void;
  /** False for a dry run: images are fetched, checked and used, but not written to disk. */
  write?: boolean;
  /** Fetches and checks one image (default: downloadImage); `npm start`'s remembers failures between saves. */
  fetchImage?: ImageFetch;
}

/** One image fetched and checked, or why not; given the places that show it, for a caller that remembers. */
export type ImageFetch = (url: string, places: readonly ImagePlace[], timeoutMs: number) => Promise<ImageDownload>;

export interface CopyOutcome {
  /** Media names written below `<content>/media/` (or, with `write: false`, that would be). */
  copied: string[];
  /** One per place an image could not be copied (the file and line that show it). */
  warnings: ContentProblem[];
}

/**
 * Copies what is missing into `<dir>/media/remote/` and appends it to `folder.media`. Drafts are
 * included: their preview shows the same page.
 */
export async function copyRemoteImages(dir: string, folder: ContentFolder, options: CopyOptions = {}): Promise<CopyOutcome> {
  const { timeoutMs = 15_000, log = () => {}, write = true, fetchImage = (url, _places, ms) => downloadImage(url, ms) } = options;
  const wanted = imagesWithoutCopy(folder);
  const outcome: CopyOutcome = { copied: [], warnings: [] };
  if (wanted.size === 0) return outcome;
  log(
    write
      ? `Copying ${wanted.size} image(s) from other hosts into ${join(dir, 'media', 'remote')}…`
      : `Fetching ${wanted.size} image(s) from other hosts (dry run: no copy is written)…`,
  );
  const progress = stageProgress(log, 'image copies', wanted.size, 'image');
  await Promise.all(
    [...wanted].map(async ([url, places]) => {
      const result = await fetchImage(url, places, timeoutMs);
      progress.advance();
      if (!result.ok) {
        const host = new URL(url).host;
        for (const { file, line, column } of places) {
          outcome.warnings.push(
            contentProblem({ file, field: 'image', line, column }, 'remote-image-not-copied', url, result.reason, host),
          );
        }
        return;
      }
      const { name, bytes } = result.file;
      if (write) {
        const path = join(dir, 'media', name);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, bytes);
      }
      folder.media = [...(folder.media ?? []), result.file];
      outcome.copied.push(name);
      const size = `${(bytes.length / 1024).toFixed(1)} KB`;
      log(
        write
          ? `  copied ${url} → media/${name} (${size}): commit it with the article`
          : `  would copy ${url} → media/${name} (${size}; --dry-run)`,
      );
    }),
  );
  progress.end();
  // In the order of the files and lines, whichever host answered first.
  outcome.warnings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0)));
  return outcome;
}

export type ImageDownload = { ok: true; file: MediaFile } | { ok: false; reason: string };

/** Fetches one image, names it by the kind its bytes hold, and checks and encodes it as every file of content/media/ is. */
export async function downloadImage(url: string, timeoutMs: number): Promise<ImageDownload> {
  let bytes: Uint8Array;
  try {
    const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: `the host answered ${response.status}` };
    }
    // The Worker fetches no larger one either (remote-image-route.ts): the download stops there.
    const read = await readAtMost(response, REMOTE_IMAGE_MAX_BYTES);
    if (!read) return { ok: false, reason: `it is over ${REMOTE_IMAGE_MAX_BYTES / 1024 / 1024} MB, the limit of images from other hosts` };
    bytes = read;
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const name = (error as Error).name;
    return {
      ok: false,
      reason:
        name === 'TimeoutError'
          ? `no answer within ${timeoutMs / 1000} s`
          : `the request failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    };
  }
  const ext = detectMediaExtension(bytes);
  if (!ext) return { ok: false, reason: 'the file is no image the site serves (png, jpg, webp, avif, gif, svg)' };
  const name = remoteCopyName(remoteCopyBase(url)!, ext);
  const checked = buildMedia([{ name, bytes }]);
  // Decoded too, so that a file sharp cannot read is not kept to stop every upload; its variants are then in the cache.
  const { problems } = checked.problems.length > 0 ? checked : await encodeMedia(checked.media.values());
  return problems.length === 0 ? { ok: true, file: { name, bytes } } : { ok: false, reason: `the file ${problems[0]!.reason}` };
}
