/**
 * The page's only inline scripts, and the CSP hashes that allow exactly them. A hash instead
 * of a per-response nonce keeps every page's HTML and headers the same for every visitor, so
 * that pages can be cached at the edge. The payload and JSON-LD <script> elements are data,
 * never executed, and need no allowance.
 *
 * The hashes are written out (the Worker cannot hash at start-up without I/O);
 * test/client/inline-scripts.test.ts recomputes them and fails, naming the new value, when a
 * script changes. Pure data.
 */
import { PAINT_FIRST_BOOTSTRAP } from './paint-first.ts';
import { THEME_FIRST_SCRIPT } from './theme-first.ts';

export const INLINE_SCRIPTS = { themeFirst: THEME_FIRST_SCRIPT, paintFirst: PAINT_FIRST_BOOTSTRAP } as const;

/** CSP source expressions, in the order of INLINE_SCRIPTS. */
export const INLINE_SCRIPT_HASHES = [
  "'sha256-TwvLVP1l9QSqN5JwjTlw8L8O2tg7AOQVKESFxn8/igY='",
  "'sha256-Goz/gVqfzBJZZlYGxLTNWoCyo6BT6lSvl3I1dftC34o='",
] as const;
