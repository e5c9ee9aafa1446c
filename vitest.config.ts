/**
 * Unit tests (scripts/, pure modules) and runtime tests (the built Worker in workerd through
 * Miniflare) run in Node; browser tests drive Debian's Chromium. Tests that run the built site
 * are a project of their own, whose globalSetup checks the tools and rebuilds a stale dist/, so
 * that running only unit tests never waits for a build. The benchmark's ratio check compares
 * throughputs, so it needs a quiet machine: it is a project only under `npm run bench:ratio`.
 */
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Every test folder but those of the built site: a new folder goes in one of the two lists. */
const UNIT_TESTS = ['test/{client,contracts,scripts,tools}/**/*.test.{ts,tsx}'];
const BUILT_SITE_TESTS = ['test/content/**/*.test.ts', 'test/worker/**/*.test.ts', 'test/browser/**/*.test.ts', 'test/bench/**/*.test.ts'];
/** Test files below those folders that start no runtime and no browser: pure functions of worker/ and bench/. */
const PURE_TESTS = [
  'test/worker/http/etag.test.ts',
  'test/worker/feeds/feed-builders.test.ts',
  'test/worker/content/search-index.test.ts',
  'test/worker/publishing/publish-lease.test.ts',
  'test/bench/lantern-replay.test.ts',
  'test/bench/ratio-by-round.test.ts',
  'test/bench/starlight-report.test.ts',
  'test/bench/wrk-load.test.ts',
];
const RATIO_CHECK = 'test/bench/ratio.test.ts';

const ratioProject: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'ratio', include: [RATIO_CHECK], globalSetup: ['test/support/built-site-setup.ts'] },
};

export default defineConfig({
  test: {
    testTimeout: 30_000,
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
          include: [...UNIT_TESTS, ...PURE_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'built-site',
          // Tests marked concurrent (axe's pages) run three at a time in a file: each its own
          // browser context, beside another file's workerd and Chromium on two cores.
          maxConcurrency: 3,
          include: BUILT_SITE_TESTS,
          exclude: [...configDefaults.exclude, ...PURE_TESTS, RATIO_CHECK],
          // The tools and a fresh dist/ first, then the Worker the read-only browser tests share.
          globalSetup: ['test/support/built-site-setup.ts', 'test/support/shared-site.ts'],
        },
      },
      ...(process.env.npm_lifecycle_event === 'bench:ratio' ? [ratioProject] : []),
    ],
  },
});
