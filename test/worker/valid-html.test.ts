/**
 * Valid HTML: the Nu Html Checker (vnu-jar) reads one page of every route type as the built
 * Worker serves it from the uploaded content, and finds no error and no warning.
 */
import { beforeAll, expect, test } from 'vitest';
import { WIDE_TABLE_PATH } from '../support/fixture-site.ts';
import { type CheckerMessage, checkHtml } from '../support/html-checker.ts';
import { countPageViews } from '../support/page-views.ts';
import { type SiteWorker, sharedWorker } from '../support/shared-worker.ts';

const PAGES = [
  '/',
  '/news',
  '/guide',
  '/news/race-element-2-released',
  // a diagram, highlighted code, a table of contents
  '/guide/multi-sim',
  // a code sample
  '/guide/start-the-app-minimized',
  // an untyped page: images, lists
  '/guide/features',
  // a screenshot of media/: a <picture> of AVIF, WebP and PNG files
  '/guide/how-to-get-started',
  '/setup',
  '/setup?link=QUJD',
  // with counted views: a table and a chart
  '/analytics',
  // a table in its scrolling region
  WIDE_TABLE_PATH,
  '/search',
  '/search?q=hud',
  // a missing article, with suggestions, and an unknown route
  '/guide/multisim',
  '/nope',
];

/** The checker's messages on every page above and on one broken page, from one run of it (a JVM start is seconds of CPU). */
let messages: CheckerMessage[];
let documents: Record<string, string>;
beforeAll(async () => {
  const worker: SiteWorker = sharedWorker();
  await countPageViews(worker, ['/news', '/guide/multi-sim', '/guide/multi-sim']);
  documents = {};
  for (const path of PAGES) {
    const res = await worker.fetch(path);
    expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
    documents[path] = await res.text();
  }
  const broken = documents['/']!.replace('type="text"', 'type="search"');
  messages = await checkHtml({ ...documents, broken });
});

const describeAll = (messages: CheckerMessage[]) => messages.map((m) => `${m.document} ${m.kind}: ${m.message}\n    at ${m.at}`).join('\n');

test('every route type validates: no error, no warning', () => {
  expect(documents['/analytics']).toContain('<svg');
  const problems = messages.filter((m) => m.document !== 'broken' && m.kind !== 'info');
  expect(problems, describeAll(problems)).toEqual([]);
  // Every page was read: a document the checker could not open would be named by its file.
  expect(messages.every((m) => m.document in documents || m.document === 'broken')).toBe(true);
});

test('the checker does report a broken page (so a silent run cannot pass)', () => {
  expect(messages.filter((m) => m.document === 'broken' && m.kind === 'error').map((m) => m.message)).toEqual([
    'Bad value “combobox” for attribute “role” on element “input”.',
    'Attribute “aria-expanded” not allowed on element “input” at this point.',
  ]);
});
