/**
 * Images from other hosts: pointed at their kept copy under /media/, else at the Worker's /media/remote/; videos get
 * `preload="none"`. Pure: URLs and trees in, names, lists and changed trees out.
 */
import { createHash } from 'node:crypto';
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';
import { remoteImageKey } from '../../../contracts/kv-keys.ts';
import { MEDIA_TYPES, type MediaExtension, remoteImageUrl } from '../../../contracts/media.ts';
import { htmlTree, markdownTree } from './markdown-tree.ts';
import type { MediaRef } from './media-images.ts';

/** Where copies live below content/media/. */
const REMOTE_FOLDER = 'remote';

export interface RemoteImage {
  url: string;
  /** 1-based line and column in the markdown given. */
  line?: number;
  column?: number;
}

const isRemote = (src: unknown): src is string => typeof src === 'string' && /^https?:\/\//i.test(src);

/**
 * The media name a copy of `url` is kept under, before the extension the bytes decide:
 * `https://img.youtube.com/vi/ID/0.jpg` → `remote/img.youtube.com/vi/ID/0.jpg`. Characters a
 * file name should not hold become `_`; a query string adds a short hash of itself. Null for
 * anything but an http(s) URL.
 */
export function remoteCopyBase(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.host.toLowerCase().replace(/[^a-z0-9.-]/g, '_');
  let path = parsed.pathname.replace(/[^A-Za-z0-9._/-]/g, '_').replace(/\/{2,}/g, '/');
  if (path.endsWith('/')) path += 'index';
  const query = parsed.search ? `~${createHash('sha256').update(parsed.search).digest('hex').slice(0, 10)}` : '';
  return `${REMOTE_FOLDER}/${host}${path}${query}`;
}

/** An image without a copy, as the Worker knows it: its KV key, and the path pages show it at. */
export interface RemoteImagePointer {
  url: string;
  key: string;
  path: string;
}

/** Where the Worker shows `url` for a page: the KV key and path named by the URL's sha256. */
export function remoteImagePointer(url: string): RemoteImagePointer {
  const hash = createHash('sha256').update(url).digest('hex');
  return { url, key: remoteImageKey(hash), path: remoteImageUrl(hash) };
}

/** The extension a name already ends with, when it is one the site serves. */
export function knownExtension(name: string): MediaExtension | null {
  const written = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const ext = written === 'jpeg' ? 'jpg' : written;
  return name.includes('.') && ext in MEDIA_TYPES ? (ext as MediaExtension) : null;
}

/** The name a copy holding an image of kind `ext` is saved under: the base, plus `.ext` unless the base already says so. */
export function remoteCopyName(base: string, ext: MediaExtension): string {
  return knownExtension(base) === ext ? base : `${base}.${ext}`;
}

/** The kept copy of `url` among the site's media, if there is one. */
export function findRemoteCopy<T>(url: string, media: ReadonlyMap<string, T>): T | undefined {
  const base = remoteCopyBase(url);
  if (!base) return undefined;
  for (const ext of Object.keys(MEDIA_TYPES) as MediaExtension[]) {
    const found = media.get(remoteCopyName(base, ext));
    if (found) return found;
  }
  return undefined;
}

/** Every image from another host a markdown body shows, markdown and raw HTML alike, in order. */
export function remoteImages(markdown: string): RemoteImage[] {
  const tree = htmlTree(markdownTree(markdown), markdown);
  const found: RemoteImage[] = [];
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'img' || !isRemote(node.properties.src)) return;
    const at = node.position ? { line: node.position.start.line, column: node.position.start.column } : {};
    found.push({ url: node.properties.src, ...at });
  });
  return found;
}

/**
 * Points every image from another host that has a kept copy at that copy, with its width and
 * height (an author's width or height is kept, the other side follows the image's proportions),
 * and every other one at the Worker's /media/remote/ path (remoteImagePointer); makes videos
 * from other hosts wait for the visitor. Changes the tree in place.
 */
export function ownRemoteMedia(tree: Root, media: ReadonlyMap<string, MediaRef>): void {
  visit(tree, 'element', (node: Element) => {
    if (node.tagName === 'video' && hasRemoteSource(node)) node.properties.preload = 'none';
    if (node.tagName !== 'img' || !isRemote(node.properties.src)) return;
    const copy = findRemoteCopy(node.properties.src, media);
    if (!copy) {
      node.properties.src = remoteImagePointer(node.properties.src).path;
      return;
    }
    node.properties.src = copy.url;
    const width = Number(node.properties.width) || undefined;
    const height = Number(node.properties.height) || undefined;
    if (width && !height) node.properties.height = Math.round((width * copy.height) / copy.width);
    else if (height && !width) node.properties.width = Math.round((height * copy.width) / copy.height);
    else if (!width && !height) Object.assign(node.properties, { width: copy.width, height: copy.height });
  });
}

function hasRemoteSource(video: Element): boolean {
  return (
    isRemote(video.properties.src) ||
    video.children.some((child) => child.type === 'element' && child.tagName === 'source' && isRemote(child.properties.src))
  );
}
