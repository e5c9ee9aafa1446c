/**
 * A VitePress site of the same content, installed on first use into a cache folder of its own (never the project's
 * dependencies) and rebuilt only when its inputs change. I/O: reads content/; installs and builds (bench/peers/build.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPeerSite, type PeerBuild } from '../peers/build.ts';
import { peerCache } from '../peers/install.ts';
import { type PeerPage, peerPages } from '../peers/pages.ts';

export const VITEPRESS_CACHE = peerCache('race-element-vitepress');
/** Pinned: the newest on the registry when the phone flow was written. */
export const VITEPRESS_VERSIONS = { vitepress: '1.6.4' } as const;
const VITEPRESS_BUILD: PeerBuild = {
  label: 'vitepress',
  packages: {
    cache: VITEPRESS_CACHE,
    name: 'race-element-vitepress-bench',
    versions: VITEPRESS_VERSIONS,
    cli: 'vitepress/bin/vitepress.js',
  },
  dist: '.vitepress/dist',
  args: ['build', '.'],
};

const CONFIG = `export default {
  title: 'Race Element',
  cleanUrls: true,
  // Links to pages only our site has (the guide index, /setup), as in the Starlight build.
  ignoreDeadLinks: true,
  themeConfig: {
    nav: [{ text: 'Guides', link: '/guide/how-to-get-started' }, { text: 'News', link: '/news/' }],
  },
};
`;

type Page = PeerPage;

/** Our pages, each body headed by its title (VitePress shows no title of its own). */
const pagesOf = (contentDir: string): Page[] => peerPages(contentDir).map((p) => ({ ...p, body: `# ${p.title}\n\n${p.body}` }));

/** VitePress reads `{{ }}` as Vue: the content is shown as written (v-pre on the page). */
const markdownOf = (page: Page) =>
  `---\ntitle: ${JSON.stringify(page.title)}\ndescription: ${JSON.stringify(page.description)}\n---\n\n<div v-pre>\n\n${page.body}\n\n</div>\n`;

function newsIndex(pages: Page[]): Page {
  const news = pages.filter((p) => p.id.startsWith('news/')).sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  const items = news.map((p) => `- [${p.title}](/${p.id}) (${p.date?.slice(0, 10)}): ${p.description}`);
  return { id: 'news/index', title: 'News', description: 'News about Race Element', body: `# News\n\n${items.join('\n')}\n` };
}

function projectFiles(contentDir: string): Map<string, string | Buffer> {
  const pages = pagesOf(contentDir);
  const files = new Map<string, string | Buffer>([
    ['.vitepress/config.mjs', CONFIG],
    ['package.json', `${JSON.stringify({ name: 'race-element-vitepress-site', private: true, type: 'module' })}\n`],
    ['index.md', '# Race Element\n\n[Guides](/guide/how-to-get-started) · [News](/news/)\n'],
  ]);
  for (const page of [...pages, newsIndex(pages)]) files.set(`${page.id}.md`, markdownOf(page));
  const media = join(contentDir, 'media');
  if (existsSync(media))
    for (const folder of ['', 'guide/', 'news/'])
      for (const name of readdirSync(media).sort()) files.set(`${folder}media/${name}`, readFileSync(join(media, name)));
  return files;
}

/** Builds (or reuses) the VitePress site of `contentDir`; returns its dist folder. */
export function buildVitePressSite(contentDir = 'content', log: (line: string) => void = () => {}): string {
  return buildPeerSite(VITEPRESS_BUILD, projectFiles(contentDir), log);
}
