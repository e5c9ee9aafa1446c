/** The images from other hosts a content folder shows without a kept copy, with where. Pure. */

import { findRemoteCopy, remoteImages } from '../markdown/remote-images.ts';
import { parseFrontMatter } from '../source/front-matter.ts';
import type { ContentFolder } from '../source/load-content.ts';

/** Where an article shows an image: its file, and the line and column in that file. */
export interface ImagePlace {
  file: string;
  line?: number;
  column?: number;
}

/**
 * Every image from another host the folder's articles (drafts too) show without a kept copy in
 * its media, URL → the places that show it. A file whose front matter does not parse is left to
 * the build, which reports it.
 */
export function imagesWithoutCopy(folder: ContentFolder): Map<string, ImagePlace[]> {
  const kept = new Map((folder.media ?? []).map((m) => [m.name, m]));
  const missing = new Map<string, ImagePlace[]>();
  for (const { file, source } of folder.files) {
    // Most files name no other host: they are not parsed again.
    if (!/https?:\/\//i.test(source)) continue;
    const parsed = parseFrontMatter(file, source);
    if (!parsed.ok) continue;
    for (const { url, line, column } of remoteImages(parsed.value.body)) {
      if (findRemoteCopy(url, kept)) continue;
      const place = line === undefined ? { file } : { file, line: parsed.value.bodyLine + line - 1, column };
      missing.set(url, [...(missing.get(url) ?? []), place]);
    }
  }
  return missing;
}
