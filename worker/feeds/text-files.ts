/** The plain-text files for crawlers: robots.txt, and llms.txt (https://llmstxt.org). Pure. */
import { SITE } from '../../client/site.ts';
import { markdownUrl, type PublishedPage, type SiteContent } from './site-content.ts';

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

/** A title, a summary, a paragraph, then per kind of page a list of links to each page's markdown. */
export function llmsTxt({ siteUrl, pages }: SiteContent): string {
  const sections: [heading: string, pages: PublishedPage[]][] = [
    ['Guides', pages.filter((p) => p.entry.type === 'guide')],
    ['News', pages.filter((p) => p.entry.type === 'news')],
    ['Pages', pages.filter((p) => p.entry.type === null)],
  ];
  return [
    `# ${SITE.name}`,
    '',
    `> ${SUMMARY}`,
    '',
    `This is the website of ${SITE.name} (${siteUrl}), made by ${SITE.author}: how to install and use the app, and news of its releases. ` +
      `Each link below is the markdown source of a page; the same URL without \`.md\` is the page itself. ` +
      `Source code and downloads: ${SITE.repository}.`,
    ...sections.filter(([, list]) => list.length > 0).flatMap(([heading, list]) => ['', `## ${heading}`, '', ...list.map(link)]),
    '',
  ].join('\n');
}
