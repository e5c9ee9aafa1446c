/**
 * Diagrams drawn at upload with a stand-in drawer: SVG replaces the source and its hash, refusals are problems
 * of their file, and without a drawer diagrams are left to the browser. Unit.
 */
import { describe, expect, test } from 'vitest';
import { type BuildResult, buildEntries, type RenderCache } from '../../../../scripts/content/build/build-entries.ts';
import { type DiagramDrawer, DRAWN_DIAGRAM_ID, type DrawnDiagram } from '../../../../scripts/content/diagrams/diagram-browser.ts';
import { drawDiagrams } from '../../../../scripts/content/diagrams/drawn-diagrams.ts';
import { type RenderedMarkdown, renderMarkdown } from '../../../../scripts/content/markdown/render-markdown.ts';
import type { ContentFolder } from '../../../../scripts/content/source/load-content.ts';

const SVG = `<svg id="${DRAWN_DIAGRAM_ID}" viewBox="0 0 320 160"><style>#${DRAWN_DIAGRAM_ID} .node{fill:red}</style><g class="node"><text>A</text></g></svg>`;

/** Draws every source as SVG, except those containing "broken"; counts what it was asked. */
function fakeDrawer(): DiagramDrawer & { asked: string[] } {
  const asked: string[] = [];
  return {
    browser: '/fake/browser',
    asked,
    async draw(sources) {
      asked.push(...sources);
      return sources.map(
        (s): DrawnDiagram => (s.includes('broken') ? { ok: false, error: 'Parse error on line 2' } : { ok: true, svg: SVG }),
      );
    },
    async close() {},
  };
}

const fence = (source: string) => `\`\`\`mermaid\n${source}\n\`\`\``;
const guide = (body: string, file = 'a.md') => ({
  file,
  source: `---\ntitle: A\nslug: ${file.replace(/\.md$/, '')}\ndescription: About A\ntype: guide\n---\n${body}\n`,
});
const folder = (...files: ContentFolder['files']): ContentFolder => ({ files, samples: [] });
const ok = (result: BuildResult) => {
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
};

describe('drawDiagrams', () => {
  test('each source becomes its figure, with ids of its own; the entry has no diagram left for the client', async () => {
    const rendered = await renderMarkdown(
      `Intro\n\n${fence('flowchart TD\n  A --> B')}\n\nBetween\n\n${fence('sequenceDiagram\n  A->>B: hi')}`,
    );
    expect(rendered.hasDiagrams).toBe(true);
    const drawn = await drawDiagrams(rendered, fakeDrawer());
    if (!drawn.ok) throw new Error(drawn.problems.join());
    const { html, hasDiagrams } = drawn.rendered;
    expect(hasDiagrams).toBe(false);
    expect(html).not.toContain('diagram-source');
    expect(html).not.toContain(DRAWN_DIAGRAM_ID);
    expect(html).toContain('<figure class="diagram diagram-drawn" tabindex="0" aria-label="Flowchart diagram"><svg id="diagram-1"');
    expect(html).toContain('<figure class="diagram diagram-drawn" tabindex="0" aria-label="Sequence diagram"><svg id="diagram-2"');
    expect(html).toContain('#diagram-2 .node{fill:red}');
    expect(html).toMatch(/^<p>Intro<\/p>\n<figure/);
    expect(html).toContain('<p>Between</p>');
  });

  test('a diagram mermaid refuses is a problem naming it; nothing is replaced', async () => {
    const rendered = await renderMarkdown(`${fence('flowchart TD\n  A --> B')}\n\n${fence('flowchart LR\n  broken -->')}`);
    expect(await drawDiagrams(rendered, fakeDrawer())).toEqual({
      ok: false,
      problems: ['the 2nd mermaid diagram ("flowchart LR") could not be drawn: Parse error on line 2'],
    });
  });
});

describe('buildEntries with a drawer', () => {
  test('draws, and hashes the drawn entry apart from the same file published without a browser', async () => {
    const content = folder(guide(fence('flowchart TD\n  A --> B')), guide('No diagram', 'b.md'));
    const drawer = fakeDrawer();
    const drawn = ok(await buildEntries(content, undefined, { diagrams: drawer }));
    const left = ok(await buildEntries(content));
    expect(drawer.asked).toEqual(['flowchart TD\n  A --> B']);
    expect(drawn.entries[0]!.value).toMatchObject({ hasDiagrams: false });
    expect(drawn.entries[0]!.value.html).toContain('diagram-drawn');
    expect(left.entries[0]!.value).toMatchObject({ hasDiagrams: true });
    expect(drawn.entries[0]!.hash).not.toBe(left.entries[0]!.hash);
    expect(drawn.entries[1]!.hash).toBe(left.entries[1]!.hash);
    expect(drawn.clientDiagrams).toEqual([]);
    expect(left.clientDiagrams).toEqual(['a.md']);
  });

  test('a refused diagram stops the build with a problem of its file', async () => {
    const result = await buildEntries(folder(guide(fence('flowchart TD\n  broken'))), undefined, { diagrams: fakeDrawer() });
    expect(result).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({
          file: 'a.md',
          field: 'body',
          code: 'diagram-undrawable',
          reason: 'the 1st mermaid diagram ("flowchart TD") could not be drawn: Parse error on line 2',
        }),
      ],
    });
  });

  test('a browser that fails is a problem naming it and the way out', async () => {
    const failing: DiagramDrawer = {
      browser: '/opt/chrome',
      draw: () => Promise.reject(new Error('Failed to launch\nmore')),
      close: async () => {},
    };
    const result = await buildEntries(folder(guide(fence('flowchart TD\n  A'))), undefined, { diagrams: failing });
    expect(result).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({
          file: 'a.md',
          field: 'body',
          reason: 'diagrams could not be drawn with /opt/chrome: Failed to launch (--client-diagrams leaves them to the browser)',
        }),
      ],
    });
  });

  test('with a render cache, a second build draws nothing', async () => {
    const kept = new Map<string, RenderedMarkdown>();
    const cache: RenderCache = { get: async (hash) => kept.get(hash), set: async (hash, rendered) => void kept.set(hash, rendered) };
    const content = folder(guide(fence('flowchart TD\n  A --> B')));
    const drawer = fakeDrawer();
    const first = ok(await buildEntries(content, cache, { diagrams: drawer }));
    const second = ok(await buildEntries(content, cache, { diagrams: drawer }));
    expect(drawer.asked).toHaveLength(1);
    expect(second.entries).toEqual(first.entries);
  });
});
