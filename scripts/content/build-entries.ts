/**
 * Turns a content folder into publishable entries: checks every file's front matter, checks
 * the folder as a whole (slugs unique ignoring case, no slug shadowing another file's name,
 * embedded samples present), then renders each entry, shows its code samples highlighted
 * inline, and hashes it.
 *
 * Input: files and samples as read from disk. Output: entries and samples ready for KV, or
 * every problem found. Nothing here touches KV or the disk.
 */
import { createHash } from 'node:crypto';
import type { StoredEntry } from '../../worker/kv-schema.ts';
import { parseFrontMatter, type ParsedFile } from './front-matter.ts';
import type { ContentFolder } from './load-content.ts';
import type { ContentProblem } from './problems.ts';
import { DIAGRAM_DRAWER_VERSION, type DiagramDrawer } from './diagram-browser.ts';
import { drawDiagrams } from './drawn-diagrams.ts';
import { embedSamples } from './embed-samples.ts';
import { RENDERER_VERSION, renderMarkdown, type RenderedMarkdown } from './render-markdown.ts';

export interface BuiltEntry {
  /**
   * sha256 of renderer version, file name and source (and of the samples it shows, if any):
   * the entry's KV key is `entry/<hash>`.
   */
  hash: string;
  /** sha256 of the source alone. */
  sourceHash: string;
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
      skippedDrafts: string[];
      /** Files whose diagrams are left for the browser to draw (no drawer was given). */
      clientDiagrams: string[];
    }
  | { ok: false; problems: ContentProblem[] };

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

/**
 * `diagrams` draws mermaid diagrams into the entries (diagram-browser.ts); without one, they
 * stay as sources for the browser to draw.
 */
export async function buildEntries(folder: ContentFolder, renderCache?: RenderCache, diagrams?: DiagramDrawer | null): Promise<BuildResult> {
  const problems: ContentProblem[] = [];
  const parsed: ParsedFile[] = [];
  for (const { file, source } of folder.files) {
    const result = parseFrontMatter(file, source);
    if (result.ok) parsed.push(result.value);
    else problems.push(...result.problems);
  }
  problems.push(...checkSlugs(parsed));

  const published = parsed.filter((p) => !p.draft);
  const sampleFiles = new Map(folder.samples.map((s) => [s.path, s.content]));
  const entries: BuiltEntry[] = [];
  const clientDiagrams: string[] = [];
  for (const file of published) {
    try {
      const renderHash = entryHash(file);
      let rendered = await renderCache?.get(renderHash);
      if (!rendered) {
        rendered = await renderMarkdown(file.body);
        await renderCache?.set(renderHash, rendered);
      }
      for (const path of rendered.samples) {
        if (!sampleFiles.has(path)) problems.push({ file: file.file, field: 'body', reason: `code sample "${path}" not found in samples/` });
      }
      // An entry showing samples holds them highlighted: its hash covers them too, so a
      // changed sample is a new entry (and a new render-cache file).
      let hash = withSamplesHash(renderHash, rendered.samples, sampleFiles);
      if (hash !== renderHash) {
        const embedded = await renderCache?.get(hash);
        if (embedded) rendered = embedded;
        else {
          rendered = await embedSamples(rendered, sampleFiles);
          await renderCache?.set(hash, rendered);
        }
      }
      // Diagrams drawn at upload: a hash of their own, so that a later upload with a browser
      // replaces an entry published without one.
      if (rendered.diagrams.length > 0 && diagrams) {
        const drawnHash = sha256(`${hash}\0diagrams\0${DIAGRAM_DRAWER_VERSION}`);
        const cached = await renderCache?.get(drawnHash);
        if (cached) rendered = cached;
        else {
          const drawn = await drawDiagrams(rendered, diagrams).catch((error: unknown) => ({
            ok: false as const,
            problems: [`diagrams could not be drawn with ${diagrams.browser}: ${(error as Error).message.split('\n')[0]} (--client-diagrams leaves them to the browser)`],
          }));
          if (!drawn.ok) {
            problems.push(...drawn.problems.map((reason) => ({ file: file.file, field: 'body', reason })));
            continue;
          }
          rendered = drawn.rendered;
          await renderCache?.set(drawnHash, rendered);
        }
        hash = drawnHash;
      } else if (rendered.diagrams.length > 0) clientDiagrams.push(file.file);
      entries.push(toEntry(file, rendered, hash));
    } catch (error) {
      problems.push({ file: file.file, field: 'body', reason: `markdown failed to render: ${(error as Error).message}` });
    }
  }

  if (problems.length > 0) return { ok: false, problems };
  const samples = folder.samples.map((s) => ({ path: s.path, hash: sha256(s.content), content: s.content }));
  return { ok: true, entries, samples, skippedDrafts: parsed.filter((p) => p.draft).map((p) => p.file), clientDiagrams };
}

const entryHash = (file: ParsedFile): string => sha256(`${RENDERER_VERSION}\0${file.file}\0${file.source}`);

/** The render's hash alone when the entry shows no sample, else that hash with each sample's. */
function withSamplesHash(renderHash: string, paths: string[], files: ReadonlyMap<string, string>): string {
  if (paths.length === 0) return renderHash;
  const parts = [...new Set(paths)].map((path) => `${path}\0${sha256(files.get(path) ?? '')}`);
  return sha256(`${renderHash}\0samples\0${parts.join('\0')}`);
}

function toEntry(file: ParsedFile, rendered: RenderedMarkdown, hash: string): BuiltEntry {
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
    value,
    text: rendered.text,
  };
}

/**
 * Slugs are matched without regard to case (a request for `/guide/dsx` is redirected to
 * `/guide/DSX`), and a file's basename redirects to its slug, so both must be unambiguous.
 */
function checkSlugs(files: ParsedFile[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const bySlug = new Map<string, ParsedFile>();
  for (const f of files) {
    const key = f.attributes.slug.toLowerCase();
    const other = bySlug.get(key);
    if (other) problems.push({ file: f.file, field: 'slug', reason: `"${f.attributes.slug}" is already used by ${other.file} (slugs are compared ignoring case)` });
    else bySlug.set(key, f);
  }
  for (const f of files) {
    const basename = f.file.replace(/\.md$/, '').toLowerCase();
    const owner = bySlug.get(basename);
    if (owner && owner !== f) {
      problems.push({ file: owner.file, field: 'slug', reason: `"${owner.attributes.slug}" equals the file name of ${f.file}, whose old URL redirects by that name` });
    }
  }
  return problems;
}

