/**
 * Unit and runtime tests (the built Worker in workerd) run in Node; browser tests drive Debian's Chromium. Tests of the
 * built site are a project whose globalSetup rebuilds a stale dist/, so unit tests alone never wait for a build.
 */
import { configDefaults, defineConfig } from 'vitest/config';

const BUILT_SITE_TESTS = [
  'test/worker/**/*.test.ts',
  'test/browser/**/*.test.ts',
  'test/bench/**/*.test.ts',
  'test/workflows/*-rehearsal.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Under GitHub Actions, the upload commands that tests run would report into the job's own
    // outputs and summary (scripts/content/github-report.ts): they report nowhere instead.
    env: { GITHUB_OUTPUT: '', GITHUB_STEP_SUMMARY: '' },
    hookTimeout: 120_000,
    // Runtime and browser suites each start their own workerd; two cores allow two at a time.
    maxWorkers: 2,
    // Browser assertions poll; under a full parallel run the machine is busy, so allow 5 s.
    expect: { poll: { timeout: 5_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...BUILT_SITE_TESTS],
        },
      },
      {
        extends: true,
        test: { name: 'built-site', include: BUILT_SITE_TESTS, globalSetup: ['test/support/built-site-setup.ts'] },
      },
    ],
  },
});
