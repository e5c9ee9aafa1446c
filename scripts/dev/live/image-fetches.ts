/**
 * `npm start`'s fetches of images from other hosts: a failure is remembered, and fetched again only by a save of a
 * file that shows the image, so saving another file waits on no host. Pure but for the fetch it wraps.
 */
import { downloadImage, type ImageDownload, type ImageFetch } from '../../content/build/copy-remote-images.ts';

export interface SessionImageFetches {
  /** The paths the coming publish's save touched (none for the first publish). */
  touched(paths: readonly string[]): void;
  fetchImage: ImageFetch;
}

export function sessionImageFetches(
  download: (url: string, timeoutMs: number) => Promise<ImageDownload> = downloadImage,
): SessionImageFetches {
  const failed = new Map<string, ImageDownload>();
  let touched = new Set<string>();
  return {
    touched(paths) {
      touched = new Set(paths);
    },
    async fetchImage(url, places, timeoutMs) {
      const known = failed.get(url);
      if (known && !places.some(({ file }) => touched.has(file))) return known;
      const result = await download(url, timeoutMs);
      // A copy made is on disk from now on: the next publish finds it and fetches nothing.
      if (result.ok) failed.delete(url);
      else failed.set(url, result);
      return result;
    },
  };
}
