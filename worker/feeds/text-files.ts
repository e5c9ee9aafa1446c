/** The plain-text files for crawlers: robots.txt, and llms.txt (https://llmstxt.org), bounded. Pure. */
import { SITE } from '../../client/site.ts';
import { markdownUrl, type PublishedPage, type SiteContent } from './site-content.ts';
import { latest, rfc3339 } from './xml.ts';

/** robots.txt's and llms.txt's media type. */
export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
/** An article's markdown source's media type. */
export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';

/** Allows everything but the API and /analytics, and names the sitemap. */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /analytics', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

const SUMMARY =
  'Race Element is a free, open-source sim-racing companion app for Windows: HUD overlays, car setups, liveries, streaming tools and DualSense adaptive triggers, for many racing sims.';

/** One line of markdown: brackets in the title escaped, line breaks in the description folded. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string): string => oneLine(text).replace(/[\\[\]]/g, (c) => `\\${c}`);
const link = (page: PublishedPage): string => `- [${linkText(page.entry.title)}](${markdownUrl(page)}): ${oneLine(page.entry.description)}`;

/** Links a section lists at most: llms.txt is read whole into a model's context, so it stays that size at any scale. */
export const LLMS_SECTION_LINKS = 50;

/** When a page last changed (its last edit, change or news date), to choose the newest guides and pages. */
const changedAt = ({ entry }: PublishedPage): string =>
  latest([entry.updated, entry.changed, entry.date].flatMap((t) => (t ? [rfc3339(t, `The updated time of ${entry.file}`)] : []))) ?? '';

interface Section {
  heading: string;
  /** News in the manifest's order, newest first; guides and pages by title. */
  pages: PublishedPage[];
  /** Whether the newest are the last changed (guides, pages) rather than the first listed (news). */
  byChange: boolean;
  /** Where every page of the section is listed, for a section cut to its newest. */
  all: { noun: string; url: string; what: string };
}

/** The whole list while it is within the bound, else its newest LLMS_SECTION_LINKS, newest first, and a link to all. */
function sectionLines({ heading, pages, byChange, all }: Section): string[] {
  if (pages.length <= LLMS_SECTION_LINKS) return ['', `## ${heading}`, '', ...pages.map(link)];
  const ordered = byChange
    ? pages
        .map((page) => ({ page, at: changedAt(page) }))
        .sort((a, b) => b.at.localeCompare(a.at))
        .map(({ page }) => page)
    : pages;
  const newest = ordered.slice(0, LLMS_SECTION_LINKS);
  const count = pages.length.toLocaleString('en');
  return ['', `## ${heading}`, '', ...newest.map(link), `- [All ${count} ${all.noun}](${all.url}): ${all.what}`];
}

/**
 * A title, a summary, a paragraph, then per kind of page a list of links to each page's markdown; a section of more
 * than LLMS_SECTION_LINKS pages lists its newest and links to where all are listed, which the paragraph says.
 */
export function llmsTxt({ siteUrl, pages }: SiteContent): string {
  const sitemap = { url: `${siteUrl}/sitemap.xml`, what: 'the sitemap, which lists every page' };
  const sections: Section[] = [
    {
      heading: 'Guides',
      pages: pages.filter((p) => p.entry.type === 'guide'),
      byChange: true,
      all: { noun: 'guides', url: `${siteUrl}/guide`, what: 'the guides index, by title, 20 a page' },
    },
    {
      heading: 'News',
      pages: pages.filter((p) => p.entry.type === 'news'),
      byChange: false,
      all: { noun: 'news posts', url: `${siteUrl}/news`, what: 'the news index, newest first, 20 a page' },
    },
    { heading: 'Pages', pages: pages.filter((p) => p.entry.type === null), byChange: true, all: { noun: 'pages', ...sitemap } },
  ];
  const cut = sections.some((s) => s.pages.length > LLMS_SECTION_LINKS);
  return [
    `# ${SITE.name}`,
    '',
    `> ${SUMMARY}`,
    '',
    `This is the website of ${SITE.name} (${siteUrl}), made by ${SITE.author}: how to install and use the app, and news of its releases. ` +
      `Each link below is the markdown source of a page; the same URL without \`.md\` is the page itself. ` +
      `Source code and downloads: ${SITE.repository}.` +
      (cut
        ? ` A section of more than ${LLMS_SECTION_LINKS} pages lists its newest ${LLMS_SECTION_LINKS} and links to where all are listed.`
        : ''),
    ...sections.filter((s) => s.pages.length > 0).flatMap(sectionLines),
    '',
  ].join('\n');
}
