/**
 * A Starlight project of content/ (with a generated news index), built, and reused while its inputs hash the same.
 * I/O: reads content/; writes and builds the project under STARLIGHT_CACHE/site/; runs astro.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type PeerPage, peerPages } from '../lib/peer-pages.ts';
import { ensureStarlight, STARLIGHT_CACHE, STARLIGHT_VERSIONS } from './install.ts';

const PROJECT = join(STARLIGHT_CACHE, 'site');
const DIST = join(PROJECT, 'dist');
const STAMP = join(DIST, '.inputs-sha256');

// Images hosted elsewhere fail offline in both sites alike; local images are not optimised
// (no sharp here): passthrough serves them as written.
const ASTRO_CONFIG = `import starlight from '@astrojs/starlight';
import { defineConfig, passthroughImageService } from 'astro/config';
export default defineConfig({
  image: { service: passthroughImageService() },
  integrations: [starlight({ title: 'Race Element' })],
});
`;
const CONTENT_CONFIG = `import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };
`;

type Page = PeerPage;

// Starlight lower-cases ids in URLs (our /guide/DSX is its /guide/dsx/).
const pagesOf = peerPages;

/** Starlight's schema wants `title`; slug, type and date would clash with it or mean nothing. */
const markdownOf = (page: Page) =>
  `---\ntitle: ${JSON.stringify(page.title)}\ndescription: ${JSON.stringify(page.description)}\n---\n\n${page.body}`;

function newsIndex(pages: Page[]): Page {
  const news = pages.filter((p) => p.id.startsWith('news/')).sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  const items = news.map((p) => `- [${p.title}](/${p.id.toLowerCase()}/) (${p.date?.slice(0, 10)}): ${p.description}`);
  return { id: 'news/index', title: 'News', description: 'News about Race Element', body: `${items.join('\n')}\n` };
}

/** content/media/ next to each folder of pages, where their `media/…` links expect it. */
function mediaFiles(contentDir: string): [string, Buffer][] {
  const media = join(contentDir, 'media');
  if (!existsSync(media)) return [];
  const names = readdirSync(media).sort();
  return ['', 'guide/', 'news/'].flatMap((folder) =>
    names.map((name): [string, Buffer] => [`src/content/docs/${folder}media/${name}`, readFileSync(join(media, name))]),
  );
}

function projectFiles(contentDir: string): Map<string, string | Buffer> {
  const pages = pagesOf(contentDir);
  const files = new Map<string, string | Buffer>([
    ['astro.config.mjs', ASTRO_CONFIG],
    ['src/content.config.ts', CONTENT_CONFIG],
    // The dependencies named here (found in the parent folder's node_modules) are what Astro
    // crawls to bundle Starlight into its build; without them Starlight is left external and
    // its build fails on `astro:content`.
    [
      'package.json',
      `${JSON.stringify({ name: 'race-element-starlight-site', private: true, type: 'module', dependencies: STARLIGHT_VERSIONS })}\n`,
    ],
  ]);
  for (const page of [...pages, newsIndex(pages)]) files.set(`src/content/docs/${page.id}.md`, markdownOf(page));
  for (const [path, bytes] of mediaFiles(contentDir)) files.set(path, bytes);
  return files;
}

/** Builds (or reuses) the Starlight site of `contentDir`; returns its dist folder. */
export function buildStarlightSite(contentDir = 'content', log: (line: string) => void = () => {}): string {
  const files = projectFiles(contentDir);
  const sha = createHash('sha256').update(JSON.stringify(STARLIGHT_VERSIONS));
  for (const [path, content] of files) sha.update(`\0${path}\0`).update(content);
  const hash = sha.digest('hex');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) {
    log(`starlight: reusing the build in ${DIST}`);
    return DIST;
  }
  const astro = ensureStarlight(log);
  rmSync(PROJECT, { recursive: true, force: true });
  for (const [path, text] of files) {
    mkdirSync(dirname(join(PROJECT, path)), { recursive: true });
    writeFileSync(join(PROJECT, path), text);
  }
  log(`starlight: astro build of ${[...files.keys()].filter((p) => p.endsWith('.md')).length} pages`);
  // No internet here: Astro's telemetry would only wait on the network.
  const result = spawnSync(process.execPath, [astro, 'build', '--silent'], {
    cwd: PROJECT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`astro build failed (${result.status ?? result.signal})`);
  writeFileSync(STAMP, hash);
  return DIST;
}
