/**
 * The feed, sitemap and llms.txt of the fixture site and of 24 synthetic entries are byte for byte those of the builders
 * before lists were bounded (golden/, written by those builders). Pure: built with the upload's own pipeline, no KV.
 */
import { describe, expect, test } from 'vitest';
import { visibleManifest } from '../../../contracts/scheduled-entries.ts';
import { buildEntries } from '../../../scripts/content/build/build-entries.ts';
import { planUpload } from '../../../scripts/content/publish/plan-upload.ts';
import type { ContentFolder } from '../../../scripts/content/source/load-content.ts';
import { syntheticContent } from '../../../tools/synthetic-content.ts';
import { atomFeed } from '../../../worker/feeds/atom.ts';
import { siteContent } from '../../../worker/feeds/site-content.ts';
import { sitemapXml } from '../../../worker/feeds/sitemap.ts';
import { llmsTxt } from '../../../worker/feeds/text-files.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';

const SITE = 'https://race.elementfuture.com';
/** The upload's time: the fixture's scheduled post (2099) is not public yet. */
const NOW = '2026-12-01T09:00:00.000Z';

/** What the routes build from: the public view of the manifest an upload of `folder` would write. */
async function publishedContent(folder: ContentFolder) {
  const built = await buildEntries(folder, undefined, { diagrams: null });
  if (!built.ok) throw new Error(`the content does not build: ${built.problems.map((p) => p.reason).join('; ')}`);
  const { manifest } = planUpload({ ...built, previous: null, existingKeys: new Set(), renderer: 'golden', now: NOW });
  const view = visibleManifest(manifest, Date.parse(NOW));
  return siteContent(view, view.entries, SITE);
}

describe.each([
  ['fixture', loadFixtureSite],
  // Short bodies: only the front matter reaches these files.
  ['synthetic-24', async () => syntheticContent(24, { words: [40, 60] })],
])('%s', (name, folder) => {
  test('feed, sitemap and llms.txt are what they were', async () => {
    const content = await publishedContent(await folder());
    expect(content.pages.length).toBeGreaterThanOrEqual(24);
    await expect(atomFeed(content)).toMatchFileSnapshot(`golden/${name}-feed.xml`);
    await expect(sitemapXml(content)).toMatchFileSnapshot(`golden/${name}-sitemap.xml`);
    await expect(llmsTxt(content)).toMatchFileSnapshot(`golden/${name}-llms.txt`);
  });
});
