/**
 * Coloured code on the built site: every article page the Worker serves from the uploaded
 * content is read, and shiki's tokens are compared with their block's own text colour. The
 * test fails if no article shows a single coloured token (as when every code block lost its
 * language), and names the pages that must have some.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MANIFEST_KEY, manifestSchema, parseStored } from '../../worker/kv-schema.ts';
import { parse } from 'node-html-parser';
import { startPublishedWorker, type WorkerRuntime } from '../support/worker-runtime.ts';

let worker: WorkerRuntime;
beforeAll(async () => {
  worker = await startPublishedWorker();
});
afterAll(() => worker?.dispose());

/** The dark-theme colour in a shiki `style` attribute (`color:#…;--shiki-light:#…`). */
const colourOf = (style: string | undefined): string | undefined => /(?:^|;)color:(#[0-9a-f]+)/i.exec(style ?? '')?.[1]?.toLowerCase();

/** Tokens of the page's highlighted blocks whose colour is not their block's text colour. */
function colouredTokens(html: string): string[] {
  const tokens: string[] = [];
  // node-html-parser keeps a <pre>'s content as raw text unless told otherwise.
  const root = parse(html, { blockTextElements: { script: true, style: true } });
  for (const pre of root.querySelectorAll('pre.shiki')) {
    const plain = colourOf(pre.getAttribute('style'));
    for (const span of pre.querySelectorAll('span.line > span')) {
      const colour = colourOf(span.getAttribute('style'));
      if (colour && colour !== plain && span.textContent.trim()) tokens.push(span.textContent.trim());
    }
  }
  return tokens;
}

test('articles render coloured code tokens: the batch sample and the ini settings at least', async () => {
  const raw = await worker.kv.get(MANIFEST_KEY);
  const manifest = parseStored(manifestSchema, raw ?? '', 'manifest');
  const coloured = new Map<string, string[]>();
  for (const entry of manifest.entries) {
    const path = `/${entry.type === 'news' ? 'news' : 'guide'}/${entry.slug}`;
    const res = await worker.fetch(path);
    expect(res.status, path).toBe(200);
    const tokens = colouredTokens(await res.text());
    if (tokens.length > 0) coloured.set(path, tokens);
  }
  expect(coloured.size, 'no article renders a coloured code token').toBeGreaterThan(0);
  expect(coloured.get('/guide/start-the-app-minimized')).toEqual(expect.arrayContaining(['@echo', 'REM', 'START']));
  expect(coloured.get('/guide/multi-sim')).toEqual(expect.arrayContaining(['WRC.Telemetry.EnableTelemetry', '"127.0.0.1"']));
});
