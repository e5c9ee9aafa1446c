/**
 * The test suite's own frozen content folder, test/fixtures/site/, read with fixed last edits. I/O: reads
 * that folder.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ContentFolder, loadContentFolder } from '../../scripts/content/source/load-content.ts';

export const FIXTURE_SITE = fileURLToPath(new URL('../fixtures/site', import.meta.url));

/** A path inside the fixture folder, e.g. `fixturePath('media', 'guides-section.png')`. */
export const fixturePath = (...parts: string[]): string => join(FIXTURE_SITE, ...parts);

/**
 * The fixture's "last edited" times, fixed: from git they would change with every commit that
 * touches the fixture (and be today's date for an uncommitted change), so pages would not be frozen.
 */
export const FIXTURE_LAST_EDITS: ReadonlyMap<string, string> = new Map([
  ['features.md', '2026-11-21T22:46:16+00:00'],
  ['guide-get-started.md', '2026-11-23T17:55:20+00:00'],
  ['guide-multi-sim.md', '2026-11-23T16:23:25+00:00'],
  ['guide-starting-race-element-minimized.md', '2026-11-23T16:23:25+00:00'],
  ['news-setuplink.md', '2026-11-23T16:23:25+00:00'],
]);

/** When a fixture file never edited was added: the sitemap's lastmod of those pages. */
export const FIXTURE_ADDED = '2026-11-20T12:00:00+00:00';

/** The fixture folder as the upload reads a content folder, with FIXTURE_LAST_EDITS. */
export function loadFixtureSite(): Promise<ContentFolder> {
  return loadContentFolder(
    FIXTURE_SITE,
    async (_dir, files) =>
      new Map(
        files.map((file) => {
          const edited = FIXTURE_LAST_EDITS.get(file);
          return [file, edited ? { edited, changed: edited } : { changed: FIXTURE_ADDED }];
        }),
      ),
  );
}

/** The fixture's guide with a table wider than a phone (tables' tests: browser, HTML checker). */
export const WIDE_TABLE_PATH = '/guide/wide-table';
