/**
 * Unit tests (scripts/, pure modules) and runtime tests (the built Worker in workerd through
 * Miniflare) run in Node; browser tests drive Debian's Chromium. `npm test` builds first.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Runtime and browser suites each start their own workerd; two cores allow two at a time.
    maxWorkers: 2,
    // Browser assertions poll; under a full parallel run the machine is busy, so allow 5 s.
    expect: { poll: { timeout: 5_000 } },
  },
});
