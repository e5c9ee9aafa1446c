/**
 * A VitePress site of the same content, installed on first use into a cache folder of its own (never the project's
 * dependencies) and rebuilt only when its inputs change. I/O: reads content/, npm install and build in the cache.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { type PeerPage, peerPages } from '../lib/peer-pages.ts';

export const VITEPRESS_CACHE = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'race-element-vitepress');
/** Pinned: the newest on the registry when the phone flow was written. */
export const VITEPRESS_VERSIONS = { vitepress: '1.6.4' } as const;
const PROJECT = join(VITEPRESS_CACHE, 'site');
const DIST = join(PROJECT, '.vitepress', 'dist');
const STAMP = join(DIST, '.inputs-sha256');

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

function ensureVitePress(log: (line: string) => void): string {
  mkdirSync(VITEPRESS_CACHE, { recursive: true });
  const manifest = { name: 'race-element-vitepress-bench', private: true, type: 'module', dependencies: VITEPRESS_VERSIONS };
  writeFileSync(join(VITEPRESS_CACHE, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const installed = join(VITEPRESS_CACHE, 'node_modules', 'vitepress', 'package.json');
  if (!existsSync(installed) || JSON.parse(readFileSync(installed, 'utf8')).version !== VITEPRESS_VERSIONS.vitepress) {
    log(`installing vitepress@${VITEPRESS_VERSIONS.vitepress} into ${VITEPRESS_CACHE}`);
    const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
      cwd: VITEPRESS_CACHE,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` },
    });
    if (result.status !== 0) throw new Error(`npm install in ${VITEPRESS_CACHE} failed (${result.status ?? result.signal})`);
  }
  const cli = join(VITEPRESS_CACHE, 'node_modules', 'vitepress', 'bin', 'vitepress.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing after install`);
  return cli;
}

/** Builds (or reuses) the VitePress site of `contentDir`; returns its dist folder. */
export function buildVitePressSite(contentDir = 'content', log: (line: string) => void = () => {}): string {
  const files = projectFiles(contentDir);
  const sha = createHash('sha256').update(JSON.stringify(VITEPRESS_VERSIONS));
  for (const [path, content] of files) sha.update(`\0${path}\0`).update(content);
  const hash = sha.digest('hex');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) {
    log(`vitepress: reusing the build in ${DIST}`);
    return DIST;
  }
  const cli = ensureVitePress(log);
  rmSync(PROJECT, { recursive: true, force: true });
  for (const [path, content] of files) {
    mkdirSync(dirname(join(PROJECT, path)), { recursive: true });
    writeFileSync(join(PROJECT, path), content);
  }
  log(`vitepress: build of ${[...files.keys()].filter((p) => p.endsWith('.md')).length} pages`);
  const result = spawnSync(process.execPath, [cli, 'build', '.'], { cwd: PROJECT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`vitepress build failed (${result.status ?? result.signal})`);
  writeFileSync(STAMP, hash);
  return DIST;
}
