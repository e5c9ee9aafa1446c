/**
 * Drawing diagrams at upload in a real browser: the site's diagrams draw, refusals say why, hostile ones come
 * out inert, SVG is kept by source, and an upload that draws nothing says so. Chromium.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HEADLESS_CHROMIUM_PATH as CHROMIUM, findBrowser } from '../../../../scripts/content/diagrams/chromium.ts';
import { browserDiagramDrawer, type DiagramDrawer, DRAWN_DIAGRAM_ID } from '../../../../scripts/content/diagrams/diagram-browser.ts';
import { DIAGRAM_THEME_VARIABLES, diagramFigure } from '../../../../scripts/content/diagrams/diagram-svg.ts';
import { type KvStore, withBulkOperations } from '../../../../scripts/content/kv/kv-store.ts';
import { uploadContent } from '../../../../scripts/content/publish/upload.ts';
import { fixturePath, loadFixtureSite } from '../../../support/fixture-site.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'diagram-cache-'));
/** One browser with mermaid loaded for the drawing tests: each draws sources of its own, so none finds another's kept. */
let drawer: DiagramDrawer;
beforeAll(() => {
  drawer = browserDiagramDrawer(CHROMIUM, cacheDir)!;
});
afterAll(async () => {
  await drawer?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});
const keptCount = () => readdirSync(cacheDir).filter((name) => name.endsWith('.json')).length;

const sourceOf = (file: string) => /```mermaid\n([\s\S]*?)\n```/.exec(readFileSync(fixturePath(file), 'utf8'))![1]!;

describe('findBrowser', () => {
  test('a browser on PATH (test/scripts/dev/test-tools.test.ts), else the first installed app, else none', () => {
    expect(findBrowser({ PATH: '/no/such/dir' }, ['/no/such/browser', CHROMIUM])).toBe(CHROMIUM);
    expect(findBrowser({ PATH: '/no/such/dir' }, ['/no/such/browser'])).toBeUndefined();
    expect(browserDiagramDrawer(null)).toBeNull();
  });
});

describe('browserDiagramDrawer', () => {
  test("draws the site's flowcharts and sequence diagram in the placeholder palette, and keeps them", async () => {
    const sources = ['guide-multi-sim.md', 'news-setuplink.md', 'version-2-released.md'].map(sourceOf);
    const keptBefore = keptCount();
    const drawn = await drawer.draw(sources);
    for (const result of drawn) {
      if (!result.ok) throw new Error(result.error);
      expect(result.svg).toMatch(new RegExp(`^<svg id="${DRAWN_DIAGRAM_ID}"`));
      expect(Object.values(DIAGRAM_THEME_VARIABLES).filter((colour) => result.svg.includes(colour)).length).toBeGreaterThan(3);
      // Labels are SVG text, not HTML in a foreignObject.
      expect(result.svg).not.toContain('foreignObject');
    }
    expect(drawn[0]!.ok && drawn[0]!.svg).toMatch(/>Shared<\/tspan><tspan[^>]*> memory</);
    expect(drawn[1]!.ok && drawn[1]!.svg).toContain('aria-roledescription="sequence"');
    expect(keptCount() - keptBefore).toBe(3);
    // Kept: a drawer whose browser does not even exist draws them from the cache.
    const cachedOnly = browserDiagramDrawer('/no/such/browser', cacheDir)!;
    expect((await cachedOnly.draw(sources)).every((r) => r.ok)).toBe(true);
    await cachedOnly.close();
  });

  test("a source mermaid refuses gets mermaid's reason, and is not kept", async () => {
    const keptBefore = keptCount();
    const [refused, fine] = await drawer.draw(['flowchart TD\n  A -->', 'flowchart LR\n  A --> B']);
    expect(refused).toEqual({ ok: false, error: expect.stringMatching(/parse error/i) });
    expect(fine?.ok).toBe(true);
    // The one drawn is kept, the refused one is not.
    expect(keptCount() - keptBefore).toBe(1);
  });
});

test('a hostile diagram comes out inert: no script, handler, HTML or link out', async () => {
  const hostile = [
    '%%{init: {"securityLevel": "loose", "flowchart": {"htmlLabels": true}}}%%',
    'flowchart TD',
    '  A["<img src=x onerror=alert(1)>"] --> B["<script>alert(2)</script>"]',
    '  B --> C["<a href=javascript:alert(3)>x</a>"]',
    '  click A call alert(4)',
    '  click B "javascript:alert(5)"',
  ].join('\n');
  const [drawn] = await drawer.draw([hostile]);
  if (!drawn?.ok) throw new Error(`the hostile diagram should draw (its attacks are the point): ${drawn?.error}`);
  // Mermaid's own output still holds a link for `click`: the sanitiser is what removes it.
  expect(drawn.svg).toContain('<a ');
  expect(diagramFigure(drawn.svg, 'Flowchart diagram')).not.toMatch(/<script|<img|<a[ >]|onerror|onclick|javascript:|foreignObject/i);
});

test('an upload told not to draw says that the browser will, naming the files', async () => {
  const kv = new Map<string, string | Uint8Array>();
  const store: KvStore = withBulkOperations({
    get: async (key) => {
      const value = kv.get(key);
      return typeof value === 'string' ? value : null;
    },
    put: async (key, value) => void kv.set(key, value),
    delete: async (key) => void kv.delete(key),
    listKeys: async (prefix) => [...kv.keys()].filter((key) => key.startsWith(prefix)),
  });
  const lines: string[] = [];
  const outcome = await uploadContent({
    content: await loadFixtureSite(),
    store,
    dryRun: true,
    diagrams: null,
    log: (line) => lines.push(line),
  });
  expect(outcome.ok).toBe(true);
  expect(lines).toContain(
    "diagrams are not drawn at upload (--client-diagrams): the diagrams of guide-multi-sim.md, news-setuplink.md, version-2-released.md are drawn by the visitor's browser",
  );
});
