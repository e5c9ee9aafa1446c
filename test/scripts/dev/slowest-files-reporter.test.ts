/** The lines `npm test` ends with: the slowest test files, slowest first (scripts/dev/slowest-files-reporter.ts). */
import { expect, test } from 'vitest';
import { slowestFiles } from '../../../scripts/dev/slowest-files-reporter.ts';

test('the five slowest files, slowest first, in seconds with one decimal', () => {
  const modules = [
    { file: 'a.test.ts', ms: 1_000 },
    { file: 'b.test.ts', ms: 376_400 },
    { file: 'c.test.ts', ms: 50 },
    { file: 'd.test.ts', ms: 12_340 },
    { file: 'e.test.ts', ms: 99_960 },
    { file: 'f.test.ts', ms: 2_000 },
  ];
  expect(slowestFiles(modules)).toEqual([
    ' 376.4 s  b.test.ts',
    ' 100.0 s  e.test.ts',
    '  12.3 s  d.test.ts',
    '   2.0 s  f.test.ts',
    '   1.0 s  a.test.ts',
  ]);
  expect(modules[0]!.file).toBe('a.test.ts');
});

test('fewer files than five: all of them', () => {
  expect(slowestFiles([{ file: 'only.test.ts', ms: 4_250 }])).toEqual(['   4.3 s  only.test.ts']);
});
