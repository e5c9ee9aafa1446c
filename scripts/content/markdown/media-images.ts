/**
 * Markdown images of content/media/: immutable URL, width and height (picture-images.ts adds the variants); a missing
 * file or alt is a problem. Pure: changes the mdast tree, returns the problems (codes of contracts/maintainer-errors.ts).
 */
import type { Image, Root } from 'mdast';
import { visit } from 'unist-util-visit';

/** What the renderer needs of each media file (scripts/content/build/media.ts BuiltMedia). */
export interface MediaRef {
  /** The fallback file, the largest in the source's own format. */
  url: string;
  width: number;
  height: number;
  /** Every file of the image, by format (an extension of contracts/media.ts) and width; absent: the `url` alone. */
  variants?: readonly { format: string; width: number; url: string }[];
}

export interface ImageProblem {
  /** Line and column in the markdown given to the renderer. */
  line?: number;
  column?: number;
  code: 'image-alt-missing' | 'image-not-found';
  /** The file's name below media/. */
  name: string;
}

const MEDIA_URL = /^(?:\.\/)?media\/(.+)$/;

export function resolveMediaImages(tree: Root, media: ReadonlyMap<string, MediaRef>): ImageProblem[] {
  const problems: ImageProblem[] = [];
  visit(tree, 'image', (node: Image) => {
    const match = MEDIA_URL.exec(node.url);
    if (!match) return;
    const at = node.position ? { line: node.position.start.line, column: node.position.start.column } : {};
    let name: string;
    try {
      name = decodeURIComponent(match[1]!);
    } catch {
      name = match[1]!;
    }
    const found = media.get(name);
    if (!node.alt?.trim()) problems.push({ ...at, code: 'image-alt-missing', name });
    if (!found) {
      problems.push({ ...at, code: 'image-not-found', name });
      return;
    }
    node.url = found.url;
    node.data = { ...node.data, hProperties: { width: found.width, height: found.height } };
  });
  return problems;
}
