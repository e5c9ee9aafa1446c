/** No import cycle anywhere in the repository, type-only imports included. Reads the tracked TypeScript files. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { expect, test } from 'vitest';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The repository files `source` (the text of `file`) imports by relative path. */
function relativeImports(file: string, source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => posix.normalize(posix.join(posix.dirname(file), (m[1] ?? m[2])!)));
}

/** Every cycle of the graph, each once, as the files around it from its smallest name. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = path.slice(path.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        found.set(rotated.join(' → '), rotated);
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return [...found.values()];
}

test('the cycle finder finds a cycle, type-only and dynamic imports included', () => {
  const graph = new Map(
    Object.entries({
      'a.ts': relativeImports('a.ts', "import type { B } from './b.ts';"),
      'b.ts': relativeImports('b.ts', "const c = await import('./c.ts');"),
      'c.ts': relativeImports('c.ts', "export { a } from './a.ts';"),
      'd.ts': relativeImports('d.ts', "import { a } from './a.ts';"),
    }),
  );
  expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
});

test('no import cycle in the repository', () => {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const graph = new Map(files.map((file) => [file, relativeImports(file, readFileSync(file, 'utf8'))]));
  expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
});
