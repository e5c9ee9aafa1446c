/**
 * No import cycle anywhere in the repository, type-only imports included, and imports between rooms one way only.
 * Reads the tracked TypeScript files.
 */
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

/**
 * Rooms from the bottom up: a file may import its own room and the layers below it, never a layer
 * above nor another room of its own layer (bench and test know nothing of each other).
 */
const LAYERS: { room: string; prefixes: string[] }[][] = [
  [{ room: 'site and publishing', prefixes: ['contracts/', 'worker/', 'client/', 'dist/', 'scripts/content/', 'scripts/build/'] }],
  [{ room: 'tools', prefixes: ['tools/'] }],
  [{ room: 'developer commands and configs', prefixes: ['scripts/', ''] }],
  [
    { room: 'bench', prefixes: ['bench/'] },
    { room: 'test', prefixes: ['test/'] },
  ],
  [{ room: 'tests of bench', prefixes: ['test/bench/'] }],
];

/** The room and layer of `file`: the longest prefix that matches. */
function placeOf(file: string): { room: string; layer: number } {
  let best = { room: '', layer: -1, length: -1 };
  LAYERS.forEach((rooms, layer) => {
    for (const { room, prefixes } of rooms)
      for (const prefix of prefixes)
        if (file.startsWith(prefix) && prefix.length > best.length) best = { room, layer, length: prefix.length };
  });
  return best;
}

/** Every import that leaves its room for a room not below it. */
function wrongWay(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([file, imports]) => {
    const from = placeOf(file);
    return imports
      .filter((target) => {
        const to = placeOf(target);
        return to.room !== from.room && to.layer >= from.layer;
      })
      .map((target) => `${file} (${from.room}) → ${target} (${placeOf(target).room})`);
  });
}

test('the room check finds imports upward and across a layer', () => {
  const graph = new Map([
    ['tools/a.ts', ['scripts/dev/b.ts', 'scripts/content/c.ts']],
    ['test/worker/d.test.ts', ['bench/lib/e.ts', 'tools/a.ts']],
    ['test/bench/f.test.ts', ['bench/lib/e.ts', 'test/support/g.ts']],
    ['bench/lib/e.ts', ['tools/a.ts', 'worker/h.ts']],
  ]);
  expect(wrongWay(graph)).toEqual([
    'tools/a.ts (tools) → scripts/dev/b.ts (developer commands and configs)',
    'test/worker/d.test.ts (test) → bench/lib/e.ts (bench)',
  ]);
});

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

function repositoryGraph(): Map<string, string[]> {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  return new Map(files.map((file) => [file, relativeImports(file, readFileSync(file, 'utf8'))]));
}

test('no import cycle in the repository', () => {
  expect(cycles(repositoryGraph()).map((cycle) => cycle.join(' → '))).toEqual([]);
});

test('imports between rooms go one way', () => {
  expect(wrongWay(repositoryGraph())).toEqual([]);
});
