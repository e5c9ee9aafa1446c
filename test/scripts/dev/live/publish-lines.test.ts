/** What npm start prints of an upload's lines: a first publish in a screen, a save's news, warnings not repeated. Unit. */
import { expect, test } from 'vitest';
import { firstPublishLines, newsworthy, saveLines, warningLines } from '../../../../scripts/dev/live/publish-lines.ts';

const hint = '\n  hint: Upload again from a machine that reaches the host, or save the image into content/media/ and link that.';
const imageWarning = (file: string, line: number) =>
  `warning: ${file}:${line}:86: image: https://img.example/${line}.jpg is not copied (…)${hint}`;

test("newsworthy: of a save's upload lines, what was written or copied, warnings, and the drafts and schedules of the files it touched", () => {
  const changed = ['news-b.md'];
  expect(newsworthy('written   guide-a.md → a', changed)).toBe(true);
  expect(newsworthy('written   media/shot.png → /media/1234.png', changed)).toBe(true);
  expect(
    newsworthy('  copied https://img.example/a.png → media/remote/img.example/a.png (1.2 KB): commit it with the article', changed),
  ).toBe(true);
  expect(newsworthy('warning: guide-a.md:9:1: body: removed a <script>: …', changed)).toBe(true);
  expect(newsworthy('draft     news-b.md → http://localhost:8787/news/b?preview=1.x (not public; …)', changed)).toBe(true);
  expect(newsworthy('scheduled news-b.md → goes live 2026-12-01 18:00 UTC', changed)).toBe(true);
  expect(newsworthy('draft     news-c.md → http://localhost:8787/news/c?preview=1.x (not public; …)', changed)).toBe(false);
  expect(newsworthy('draft     news-c.md: no preview link (no PREVIEW_SECRET)', ['news-c.md'])).toBe(true);
  expect(newsworthy('unchanged guide-a.md → a', changed)).toBe(false);
  expect(newsworthy('Copying 2 image(s) from other hosts into /x/content/media/remote…', changed)).toBe(false);
  expect(
    newsworthy("diagrams are not drawn at upload (--client-diagrams): the diagrams of a.md are drawn by the visitor's browser", changed),
  ).toBe(false);
});

test('a save prints the warnings of the files it touched and new ones, not those printed before for files it did not touch', () => {
  const touched = imageWarning('guide-a.md', 16);
  const other = imageWarning('guide-b.md', 22);
  const fresh = imageWarning('guide-c.md', 5);
  const summary =
    '3 entries: wrote 1, 2 unchanged; 1 samples; manifest v4 (31 KB); deleted 1 stale key(s). 3 warning(s) above (--strict stops on them).';
  const lines = ['Copying 3 image(s) from other hosts into /x/media/remote…', touched, other, fresh, 'written   guide-a.md → a', summary];
  const before = warningLines([touched, other]);
  expect(before).toEqual(new Set([touched, other]));

  expect(saveLines(lines, ['guide-a.md'], before)).toEqual([
    touched,
    fresh,
    'written   guide-a.md → a',
    '3 entries: wrote 1, 2 unchanged; 1 samples; manifest v4 (31 KB); deleted 1 stale key(s). 3 warning(s): 2 above, 1 printed before for files this save did not touch (--strict stops on them).',
  ]);
  // Nothing left out: the summary as the upload wrote it.
  expect(saveLines(lines, ['guide-a.md', 'guide-b.md'], before)).toEqual([touched, other, fresh, 'written   guide-a.md → a', summary]);
  expect(saveLines(['written   guide-a.md → a', 'the summary'], ['guide-a.md'], before)).toEqual([
    'written   guide-a.md → a',
    'the summary',
  ]);
});

test("a first publish's lines fit a screen: unchanged files counted in one line, and written ones past ten", () => {
  const draft = 'draft     news-b.md → http://localhost:8787/news/b?preview=1.x (not public; …)';
  const summary = '12 entries: wrote 11, 1 unchanged; manifest v2 (102 KB); deleted 0 stale key(s).';
  const written = Array.from({ length: 11 }, (_, i) => `written   guide-${i}.md → g${i}`);
  const unchanged = ['unchanged guide-x.md → x', 'unchanged samples/a.bat', 'unchanged media/a.png → /media/1.png'];
  expect(firstPublishLines([...unchanged, ...written, draft, 'warning: guide-1.md:3:1: body: …', summary])).toEqual([
    'unchanged 3 file(s), as the local state has them',
    'written   11 file(s)',
    draft,
    'warning: guide-1.md:3:1: body: …',
    summary,
  ]);
  const few = ['unchanged guide-x.md → x', ...written.slice(0, 10), summary];
  expect(firstPublishLines(few)).toEqual(['unchanged 1 file(s), as the local state has them', ...written.slice(0, 10), summary]);
  expect(firstPublishLines([summary])).toEqual([summary]);
});
