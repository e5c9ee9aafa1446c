/**
 * Turns a content folder into publishable entries: validated, rendered, samples and diagrams embedded, hashed; and
 * its images encoded. No KV or disk I/O but its caches': files in, entries, samples and images or every problem out.
 */
import { createHash } from 'node:crypto';
import type { StoredEntry } from '../../../contracts/kv-values.ts';
import { DIAGRAM_DRAWER_VERSION, type DiagramDrawer } from '../diagrams/diagram-browser.ts';
import { drawDiagrams } from '../diagrams/drawn-diagrams.ts';
import { embedSamples } from '../markdown/embed-samples.ts';
import { COLOURED_LANGUAGES } from '../markdown/highlighter.ts';
import { type RemoteImagePointer, remoteImagePointer } from '../markdown/remote-images.ts';
import { RENDERER_VERSION, type RenderedMarkdown, renderMarkdown } from '../markdown/render-markdown.ts';
import { stageProgress } from '../progress.ts';
import { lastUpdated } from '../source/file-history.ts';
import { type ParsedFile, parseFrontMatter } from '../source/front-matter.ts';
import type { ContentFolder } from '../source/load-content.ts';
import { type ContentProblem, contentProblem } from '../source/problems.ts';
import type { DiskCache } from './disk-cache.ts';
import { encodeMedia } from './encode-media.ts';
import { imagesWithoutCopy } from './images-without-copy.ts';
import { type BuiltMedia, buildMedia, mediaDigest } from './media.ts';

export interface BuiltEntry {
  /**
   * sha256 of renderer version, file name and source (and of the samples it shows and its drawn
   * diagrams, if any): the entry's KV key is `entry/<hash>`.
   */
  hash: string;
  /** sha256 of the source alone. */
  sourceHash: string;
  /** What "Last updated" shows (file-history.ts): the last edit, null when none counts. */
  updated: string | null;
  /** The file's last change of any kind, for the sitemap (file-history.ts); absent for content made in memory. */
  changed?: string;
  value: StoredEntry;
  /** Plain text of the article, for the search index. */
  text: string;
}

export interface BuiltSample {
  path: string;
  hash: string;
  content: string;
}

export type BuildResult =
  | {
      ok: true;
      entries: BuiltEntry[];
      samples: BuiltSample[];
      drafts: BuiltEntry[];
      media: BuiltMedia[];
      /** Images from other hosts without a kept copy, which pages show through the Worker. */
      remoteImages: RemoteImagePointer[];
      warnings: ContentProblem[];
      /** Files whose diagrams are left for the browser to draw (no drawer was given). */
      clientDiagrams: string[];
    }
  | { ok: false; problems: ContentProblem[] };

export interface BuildOptions {
  /**
   * File name → slug of every entry the last published manifest lists. When two files claim a
   * slug, the one published with it keeps it and the other is named as the new one.
   */
  published?: ReadonlyMap<string, string> | (() => Promise<ReadonlyMap<string, string>>);
  /** Warnings (what sanitising removed) stop the build like problems. */
  strict?: boolean;
  /** Draws mermaid diagrams into the entries (diagram-browser.ts); without one, they stay as sources for the browser to draw. */
  diagrams?: DiagramDrawer | null;
  /** Where encoded images are kept between runs (default: encode-media.ts diskMediaCache). */
  mediaCache?: DiskCache<Uint8Array>;
  /** Where the rendering's progress goes (progress.ts). */
  log?: (line: string) => void;
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Rendered markdown by entry hash. Rendering is the slow part of an upload (shiki); an entry's
 * hash covers the renderer version, the file name and the source, so a render stored under it
 * stays right, and an upload with nothing changed renders nothing.
 */
export interface RenderCache {
  get(hash: string): Promise<RenderedMarkdown | undefined>;
  set(hash: string, rendered: RenderedMarkdown): Promise<void>;
}

/** Checks every file and the folder as a whole, then renders, embeds and hashes each entry: the entries, or every problem. */
export async function buildEntries(folder: ContentFolder, renderCache?: RenderCache, options: BuildOptions = {}): Promise<BuildResult> {
  const problems: ContentProblem[] = [];
  const parsed: ParsedFile[] = [];
  for (const { file, source } of folder.files) {
    const result = parseFrontMatter(file, source);
    if (result.ok) parsed.push(result.value);
    else problems.push(...result.problems);
  }
  // The published slugs are asked for only when two files share one (the rare case): the upload
  // then reads the manifest once more.
  const shared = new Set<string>();
  const seen = new Set<string>();
  for (const f of parsed) {
    const key = f.attributes.slug.toLowerCase();
    if (seen.has(key)) shared.add(key);
    seen.add(key);
  }
  const published =
    typeof options.published === 'function' ? (shared.size > 0 ? await options.published() : new Map<string, string>()) : options.published;
  problems.push(...checkSlugs(parsed, published ?? new Map()));
  const warnings: ContentProblem[] = [];
  const { media, problems: mediaProblems } = buildMedia(folder.media ?? []);
  problems.push(...mediaProblems);
  // An entry that uses media is rendered again when any image changes (its URL and size do).
  const digest = media.size > 0 ? mediaDigest(media) : '';
  const entryHash = (file: ParsedFile): string => hashOf(file, usesMedia(file) ? digest : '');

  // Drafts are checked and rendered like the rest: they are stored too, for preview links.
  const sampleFiles = new Map(folder.samples.map((s) => [s.path, s.content]));
  const entries: BuiltEntry[] = [];
  const drafts: BuiltEntry[] = [];
  const clientDiagrams: string[] = [];
  const progress = stageProgress(options.log ?? (() => {}), 'render', parsed.length, 'entry');
  for (const file of parsed) {
    try {
      const renderHash = entryHash(file);
      let rendered = await renderCache?.get(renderHash);
      progress.advance(1, rendered ? 1 : 0);
      // A kept render without the lists of removals, image problems and unknown languages is rendered again.
      if (
        !rendered ||
        !Array.isArray(rendered.removed) ||
        !Array.isArray(rendered.imageProblems) ||
        !Array.isArray(rendered.unknownLanguages)
      ) {
        rendered = await renderMarkdown(file.body, media);
        await renderCache?.set(renderHash, rendered);
      }
      const body = bodyPlace(file);
      for (const path of rendered.samples) {
        if (!sampleFiles.has(path)) problems.push(contentProblem(body(), 'sample-not-found', path));
      }
      for (const removal of rendered.removed) {
        warnings.push(contentProblem(body(removal), 'html-removed', removal.what, removal.why));
      }
      for (const block of rendered.unknownLanguages) {
        warnings.push(contentProblem(body(block), 'code-language-unknown', block.lang, COLOURED_LANGUAGES));
      }
      for (const image of rendered.imageProblems) problems.push(contentProblem(body(image), image.code, image.name));
      const finished = await withSamplesAndDiagrams(rendered, renderHash, sampleFiles, renderCache, options.diagrams);
      if (!finished.ok) {
        problems.push(...finished.problems.map((reason) => contentProblem(body(), 'diagram-undrawable', reason)));
        continue;
      }
      if (finished.clientDiagrams) clientDiagrams.push(file.file);
      const times = folder.lastEdits?.get(file.file);
      (file.draft ? drafts : entries).push(
        toEntry(file, finished.rendered, finished.hash, lastUpdated(times?.edited, file.attributes.date), times?.changed),
      );
    } catch (error) {
      problems.push(contentProblem(bodyPlace(file)(), 'markdown-unrenderable', (error as Error).message));
    }
  }
  progress.end();

  const encoded = await encodeMedia(media.values(), options.mediaCache);
  problems.push(...encoded.problems);
  if (options.strict) problems.push(...warnings.map((w) => ({ ...w, reason: `${w.reason} (--strict)` })));
  if (problems.length > 0) return { ok: false, problems };
  const samples = folder.samples.map((s) => ({ path: s.path, hash: sha256(s.content), content: s.content }));
  const remoteImages = [...imagesWithoutCopy(folder).keys()].map(remoteImagePointer);
  return { ok: true, entries, samples, drafts, media: encoded.media, remoteImages, warnings, clientDiagrams };
}

type Finished = { ok: true; rendered: RenderedMarkdown; hash: string; clientDiagrams: boolean } | { ok: false; problems: string[] };

/**
 * An entry showing samples holds them highlighted, and one with diagrams holds them drawn when a
 * drawer is given: each step has a hash of its own, so a changed sample, or a later upload with a
 * browser, makes a new entry (and a new render-cache file).
 */
async function withSamplesAndDiagrams(
  rendered: RenderedMarkdown,
  renderHash: string,
  sampleFiles: ReadonlyMap<string, string>,
  renderCache: RenderCache | undefined,
  diagrams: DiagramDrawer | null | undefined,
): Promise<Finished> {
  const hash = withSamplesHash(renderHash, rendered.samples, sampleFiles);
  if (hash !== renderHash) {
    const embedded = await renderCache?.get(hash);
    if (embedded) rendered = embedded;
    else {
      rendered = await embedSamples(rendered, sampleFiles);
      await renderCache?.set(hash, rendered);
    }
  }
  if (rendered.diagrams.length === 0) return { ok: true, rendered, hash, clientDiagrams: false };
  if (!diagrams) return { ok: true, rendered, hash, clientDiagrams: true };
  const drawnHash = sha256(`${hash}\0diagrams\0${DIAGRAM_DRAWER_VERSION}`);
  const cached = await renderCache?.get(drawnHash);
  if (cached) return { ok: true, rendered: cached, hash: drawnHash, clientDiagrams: false };
  const drawn = await drawDiagrams(rendered, diagrams).catch((error: unknown) => ({
    ok: false as const,
    problems: [
      `diagrams could not be drawn with ${diagrams.browser}: ${(error as Error).message.split('\n')[0]} (--client-diagrams leaves them to the browser)`,
    ],
  }));
  if (!drawn.ok) return { ok: false, problems: drawn.problems };
  await renderCache?.set(drawnHash, drawn.rendered);
  return { ok: true, rendered: drawn.rendered, hash: drawnHash, clientDiagrams: false };
}

/** The render's hash alone when the entry shows no sample, else that hash with each sample's. */
function withSamplesHash(renderHash: string, paths: string[], files: ReadonlyMap<string, string>): string {
  if (paths.length === 0) return renderHash;
  const parts = [...new Set(paths)].map((path) => `${path}\0${sha256(files.get(path) ?? '')}`);
  return sha256(`${renderHash}\0samples\0${parts.join('\0')}`);
}

/** `media`: the digest of content/media/ for an entry that uses it, else empty (the hash is as before media existed). */
const hashOf = (file: ParsedFile, media: string): string =>
  sha256(`${RENDERER_VERSION}\0${file.file}\0${file.source}${media ? `\0${media}` : ''}`);
// Any image may be a kept copy of one from another host (remote-images.ts), not only `media/` links.
const usesMedia = (file: ParsedFile): boolean => /\]\(\s*<?(?:\.\/)?media\/|!\[|<img\b/i.test(file.body);

/** A place in the body: the renderer counts lines from the body's start, the file from its top. */
const bodyPlace =
  (file: ParsedFile) =>
  (at: { line?: number | undefined; column?: number | undefined } = {}) => ({
    file: file.file,
    field: 'body',
    ...(at.line === undefined ? {} : { line: file.bodyLine + at.line - 1, column: at.column }),
  });

function toEntry(file: ParsedFile, rendered: RenderedMarkdown, hash: string, updated: string | null, changed?: string): BuiltEntry {
  const value: StoredEntry = {
    attributes: file.attributes,
    file: file.file,
    markdown: file.source,
    html: rendered.html,
    toc: rendered.toc,
    hasDiagrams: rendered.hasDiagrams,
    readingMinutes: rendered.readingMinutes,
  };
  return {
    hash,
    sourceHash: sha256(file.source),
    updated,
    ...(changed === undefined ? {} : { changed }),
    value,
    text: rendered.text,
  };
}

/**
 * Slugs are matched without regard to case (a request for `/guide/dsx` is redirected to
 * `/guide/DSX`), and a file's basename redirects to its slug, so both must be unambiguous.
 * Of files sharing a slug, the one published with it keeps it (when none is, the first by
 * name): each other one is reported as the new file, naming the owner.
 */
function checkSlugs(files: ParsedFile[], published: ReadonlyMap<string, string>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const groups = new Map<string, ParsedFile[]>();
  for (const f of files) {
    const key = f.attributes.slug.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const bySlug = new Map<string, ParsedFile>();
  for (const [key, group] of groups) {
    const holds = (f: ParsedFile) => published.get(f.file)?.toLowerCase() === key;
    const [owner, ...others] = [...group].sort(
      (a, b) => Number(holds(b)) - Number(holds(a)) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0),
    );
    bySlug.set(key, owner!);
    for (const f of others) {
      const which = holds(owner!)
        ? `${owner!.file} is published with it, so ${f.file} is the new one`
        : `neither was published with it, so ${f.file}, later by name, counts as the new one`;
      problems.push(
        contentProblem({ file: f.file, field: 'slug', ...f.fieldPlaces.slug }, 'slug-taken', f.attributes.slug, owner!.file, which),
      );
    }
  }
  for (const f of files) {
    const basename = f.file.replace(/\.md$/, '').toLowerCase();
    const owner = bySlug.get(basename);
    if (owner && owner !== f) {
      problems.push(
        contentProblem({ file: owner.file, field: 'slug', ...owner.fieldPlaces.slug }, 'slug-is-file-name', owner.attributes.slug, f.file),
      );
    }
  }
  return problems;
}
