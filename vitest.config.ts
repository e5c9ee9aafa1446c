/**
 * Unit tests (scripts/, pure modules) and runtime tests (the built Worker in workerd through
 * Miniflare) run in Node; browser tests drive Debian's Chromium. Tests that run the built site
 * are a project of their own, whose globalSetup checks the tools and rebuilds a stale dist/, so
 * that running only unit tests never waits for a build.
 */
import { configDefaults, defineConfig } from 'vitest/config';

const BUILT_SITE_TESTS = ['test/content/**/*.test.ts', 'test/worker/**/*.test.ts', 'test/browser/**/*.test.ts', 'test/bench/**/*.test.ts'];

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
