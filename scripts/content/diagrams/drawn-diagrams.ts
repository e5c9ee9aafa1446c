/**
 * Replaces each diagram source in an entry's HTML with its SVG drawn at upload, so the browser runs no mermaid.
 * Pure apart from the drawer given; a diagram mermaid refuses is a problem of the file.
 */
import { toHtml } from 'hast-util-to-html';
import { diagramPlaceholder } from '../markdown/code-blocks.ts';
import type { RenderedMarkdown } from '../markdown/render-markdown.ts';
import { type DiagramDrawer, DRAWN_DIAGRAM_ID } from './diagram-browser.ts';
import { diagramFigure } from './diagram-svg.ts';

export type DrawResult = { ok: true; rendered: RenderedMarkdown } | { ok: false; problems: string[] };

const ordinal = (n: number): string =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** Names a diagram for screen readers from its first line (`flowchart TD` → "Flowchart diagram"). */
function label(source: string): string {
  const kind =
    /^\s*([A-Za-z-]+)/
      .exec(source)?.[1]
      ?.replace(/Diagram$/i, '')
      .replace(/-.*$/, '') ?? '';
  return kind ? `${kind[0]!.toUpperCase()}${kind.slice(1)} diagram` : 'Diagram';
}

export async function drawDiagrams(rendered: RenderedMarkdown, drawer: DiagramDrawer): Promise<DrawResult> {
  const drawn = await drawer.draw(rendered.diagrams);
  const problems: string[] = [];
  const figures: string[] = [];
  drawn.forEach((result, i) => {
    const where = `the ${ordinal(i + 1)} mermaid diagram ("${rendered.diagrams[i]!.trim().split('\n')[0]}")`;
    if (!result.ok) {
      problems.push(`${where} could not be drawn: ${result.error}`);
      return;
    }
    try {
      // Ids of their own in this page: mermaid's CSS and markers are scoped by them.
      figures.push(diagramFigure(result.svg.replaceAll(DRAWN_DIAGRAM_ID, `diagram-${i + 1}`), label(rendered.diagrams[i]!)));
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  });
  if (problems.length > 0) return { ok: false, problems };

  let html = rendered.html;
  rendered.diagrams.forEach((source, i) => {
    const placeholder = toHtml(diagramPlaceholder(source));
    const at = html.indexOf(placeholder);
    if (at < 0) throw new Error(`diagram ${i + 1} is not in the rendered HTML`);
    html = html.slice(0, at) + figures[i] + html.slice(at + placeholder.length);
  });
  return { ok: true, rendered: { ...rendered, html, hasDiagrams: false } };
}
