/**
 * The render cache: an upload with nothing changed renders nothing, a changed file is rendered
 * again, and a damaged cache only costs a render.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { type BuildResult, buildEntries, type RenderCache } from '../../../../scripts/content/build/build-entries.ts';
import { diskRenderCache } from '../../../../scripts/content/build/render-cache.ts';
import type { ContentFolder } from '../../../../scripts/content/source/load-content.ts';

const guide = (slug: string, body: string) => ({
  file: `${slug}.md`,
  source: `---\ntitle: ${slug}\nslug: ${slug}-page\ndescription: About ${slug}\ntype: guide\n---\n${body}\n`,
});
const folder = (...files: ContentFolder['files']): ContentFolder => ({ files, samples: [] });
const entries = (result: BuildResult) => {
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.entries;
};

/** Counts the renders a cache stores, i.e. the entries that were rendered. */
function counting(cache: RenderCache): RenderCache & { renders: number } {
  const counted = {
    renders: 0,
    get: (hash: string) => cache.get(hash),
    async set(hash: string, rendered: Parameters<RenderCache['set']>[1]) {
      counted.renders++;
      await cache.set(hash, rendered);
    },
  };
  return counted;
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'render-cache-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('render cache', () => {
  test('a second build of the same files renders nothing and builds the same entries', async () => {
    const cache = counting(diskRenderCache(tempDir()));
    const content = folder(guide('a', '# A\n\n```json\n{"a": 1}\n```'), guide('b', 'Some *text*.'));
    const first = entries(await buildEntries(content, cache));
    expect(cache.renders).toBe(2);
    const second = entries(await buildEntries(content, cache));
    expect(cache.renders).toBe(2);
    expect(second).toEqual(first);
  });

  test('a changed file is rendered again, the others are not', async () => {
    const cache = counting(diskRenderCache(tempDir()));
    await buildEntries(folder(guide('a', 'One'), guide('b', 'Two')), cache);
    const changed = entries(await buildEntries(folder(guide('a', 'One'), guide('b', 'Two, changed')), cache));
    expect(cache.renders).toBe(3);
    expect(changed[1]!.value.html).toBe('<p>Two, changed</p>');
  });

  test('an unreadable cache file is a miss: the entry is rendered again and the file replaced', async () => {
    const dir = tempDir();
    const cache = counting(diskRenderCache(dir));
    await buildEntries(folder(guide('a', 'One')), cache);
    const [file] = readdirSync(dir);
    writeFileSync(join(dir, file!), '{ torn');
    const again = entries(await buildEntries(folder(guide('a', 'One')), cache));
    expect(cache.renders).toBe(2);
    expect(again[0]!.value.html).toBe('<p>One</p>');
    expect(readdirSync(dir)).toEqual([file]);
  });

  test('an entry showing a sample is kept with it highlighted: a second build renders and highlights nothing', async () => {
    const cache = counting(diskRenderCache(tempDir()));
    const content: ContentFolder = { files: [guide('a', '```sample\nrun.bat\n```')], samples: [{ path: 'run.bat', content: 'echo one' }] };
    const first = entries(await buildEntries(content, cache));
    // The markdown's render, then the same with the sample in it.
    expect(cache.renders).toBe(2);
    expect(entries(await buildEntries(content, cache))).toEqual(first);
    expect(cache.renders).toBe(2);
    const changed = entries(await buildEntries({ ...content, samples: [{ path: 'run.bat', content: 'echo two' }] }, cache));
    // Only the sample is highlighted again: the markdown's render is reused.
    expect(cache.renders).toBe(3);
    expect(changed[0]!.value.html).toContain('two');
  });

  test('without a cache every build renders', async () => {
    const result = entries(await buildEntries(folder(guide('a', 'One'))));
    expect(result[0]!.value.html).toBe('<p>One</p>');
  });
});
