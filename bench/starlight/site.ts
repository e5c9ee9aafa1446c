/**
 * A Starlight project of content/ (with a generated news index), built, and reused while its inputs hash the same.
 * I/O: reads content/; writes and builds the project in the Starlight cache's site/ (bench/peers/build.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPeerSite, type PeerBuild } from '../peers/build.ts';
import { type PeerPage, peerPages } from '../peers/pages.ts';
import { STARLIGHT_PACKAGES, STARLIGHT_VERSIONS } from './install.ts';

// Images hosted elsewhere fail offline in both sites alike; local images go through astro:assets' default service,
// sharp (installed with Astro), as a Starlight author's markdown images do.
const ASTRO_CONFIG = `import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
export default defineConfig({
  integrations: [starlight({ title: 'Race Element' })],
});
`;
const CONTENT_CONFIG = `import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };
`;

const STARLIGHT_BUILD: PeerBuild = {
  label: 'starlight',
  packages: STARLIGHT_PACKAGES,
  dist: 'dist',
  args: ['build', '--silent'],
  // No internet here: Astro's telemetry would only wait on the network.
  env: { ASTRO_TELEMETRY_DISABLED: '1' },
};

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
  return buildPeerSite(STARLIGHT_BUILD, projectFiles(contentDir), log);
}
