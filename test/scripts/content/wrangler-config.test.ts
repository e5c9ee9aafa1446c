/** The upload's wrangler.toml reader: what Wrangler would read of ours, and bad files named by file, line or field. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { unstable_readConfig } from 'wrangler';
import { readWranglerConfig } from '../../../scripts/content/wrangler-config.ts';

const dir = mkdtempSync(join(tmpdir(), 'wrangler-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

test("the repository's wrangler.toml reads as Wrangler reads it: KV namespaces, vars, name", () => {
  const ours = readWranglerConfig('wrangler.toml');
  const wrangler = unstable_readConfig({ config: 'wrangler.toml' });
  expect(ours.name).toBe(wrangler.name);
  expect(ours.vars).toEqual(wrangler.vars);
  expect(ours.kv_namespaces).toEqual(wrangler.kv_namespaces.map(({ binding, id }: { binding: string; id?: string }) => ({ binding, id })));
});

test('a missing file, bad TOML and a field of the wrong type are named', () => {
  expect(() => readWranglerConfig(join(dir, 'none.toml'))).toThrow(/none\.toml cannot be read: ENOENT/);
  expect(() => readWranglerConfig(file('bad.toml', 'name = "x"\nvars = "a\nz = 1\n'))).toThrow(/bad\.toml:2:\d+: /);
  expect(() => readWranglerConfig(file('wrong.toml', '[[kv_namespaces]]\nbinding = 5\n'))).toThrow(
    /wrong\.toml: kv_namespaces\.0\.binding: /,
  );
});
