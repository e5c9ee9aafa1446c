/**
 * Unit tests (pure, no runtime), built-site tests (workerd, Chromium, a fresh dist/) and the content check as projects,
 * so unit tests alone never wait for a build and a content change can run its check alone. The benchmark's ratio check
 * needs a quiet machine: a project only under `bench:ratio`.
 */
import { globSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// No test reaches a host over TLS, and Miniflare copies every certificate of this file (often the whole system
// bundle) into the config of each workerd it starts, at a cost on every start. Workers and their children inherit this.
delete process.env.NODE_EXTRA_CA_CERTS;

/** The one check of the live content/: a project of its own, the whole of `npm run check:content`. */
const CONTENT_CHECK = ['test/content/**/*.test.ts'];
/** Folders whose tests run the built site; every other test file is a unit test. */
const BUILT_SITE_TESTS = ['test/worker/**/*.test.ts', 'test/browser/**/*.test.ts', 'test/bench/**/*.test.ts'];
/** Test files below those folders that start no runtime and no browser: pure functions of worker/ and bench/. */
const PURE_TESTS = [
  'test/worker/http/etag.test.ts',
  'test/worker/http/request-cookies.test.ts',
  'test/worker/http/shared-cache.test.ts',
  'test/worker/feeds/feed-builders.test.ts',
  'test/worker/feeds/feed-goldens.test.ts',
  'test/worker/feeds/bounded-lists.test.ts',
  'test/worker/content/search-index.test.ts',
  'test/worker/publishing/publish-rules.test.ts',
  'test/worker/publishing/purge-rules.test.ts',
  'test/bench/starlight/lantern-replay.test.ts',
  'test/bench/phone-flow/flow.test.ts',
  'test/bench/lib/ratio-by-round.test.ts',
  'test/bench/starlight/report.test.ts',
  'test/bench/lib/stats.test.ts',
  'test/bench/lib/target-lines.test.ts',
  'test/bench/world/kv-fit.test.ts',
  'test/bench/world/interval.test.ts',
  'test/bench/world/cache-tiers.test.ts',
  'test/bench/world/purge-bucket.test.ts',
  'test/bench/world/day.test.ts',
];
const RATIO_CHECK = 'test/bench/ratio.test.ts';
const builtSite = new Set(globSync([...BUILT_SITE_TESTS, ...CONTENT_CHECK]));
/** Every other test file, so that a new folder can never fall outside the projects. */
const UNIT_TESTS = globSync('test/**/*.test.{ts,tsx}').filter((file) => !builtSite.has(file) || PURE_TESTS.includes(file));

/** Markdown rendered once per run for every test file's uploads (test/support/run-render-cache.ts). */
const RENDER_CACHE = join(tmpdir(), `race-element-test-renders-${process.pid}`);
process.on('exit', () => rmSync(RENDER_CACHE, { recursive: true, force: true }));

const ratioProject: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'ratio', include: [RATIO_CHECK], globalSetup: ['test/support/built-site-setup.ts'] },
};

export default defineConfig({
  test: {
    // A test waits for the event it expects as long as a loaded machine needs: its own waits set no
    // limits of their own (polls, Playwright's actions), and these bound a test that truly hangs.
    testTimeout: 300_000,
    // Under GitHub Actions, the upload commands that tests run would report into the job's own
    // outputs and summary (scripts/github/upload-report.ts): they report nowhere instead.
    env: { GITHUB_OUTPUT: '', GITHUB_STEP_SUMMARY: '', TEST_RENDER_CACHE: RENDER_CACHE },
    hookTimeout: 300_000,
    // Three test files at a time on two cores: a file often waits (on a browser's network, a child
    // process, a retry's back-off), and a third fills those waits.
    maxWorkers: 3,
    // A worker keeps the modules it has imported (miniflare, playwright, the upload code) from one
    // test file to the next: each file owns its state through beforeAll and afterAll, not through
    // fresh module instances, and importing anew for every file cost more than its tests.
    isolate: false,
    expect: { poll: { timeout: 240_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
        },
      },
      {
        extends: true,
        // The tools and a fresh dist/; no shared Worker of the fixture site.
        test: { name: 'content', include: CONTENT_CHECK, globalSetup: ['test/support/built-site-setup.ts'] },
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
