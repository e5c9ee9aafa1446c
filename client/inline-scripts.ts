/** The page's only inline scripts, and the CSP hashes that allow exactly them. Pure data. */
import { PAINT_FIRST_BOOTSTRAP } from './paint-first.ts';
import { THEME_FIRST_SCRIPT } from './theme-first.ts';

/** What each page's <head> runs inline; the payload and JSON-LD <script> elements are data and need no allowance. */
export const INLINE_SCRIPTS = { themeFirst: THEME_FIRST_SCRIPT, paintFirst: PAINT_FIRST_BOOTSTRAP } as const;

/**
 * CSP source expressions, in the order of INLINE_SCRIPTS: written out, as the Worker cannot hash at start-up without
 * I/O; test/client/inline-scripts.test.ts fails, naming the new value, when a script changes.
 */
export const INLINE_SCRIPT_HASHES = [
  "'sha256-TwvLVP1l9QSqN5JwjTlw8L8O2tg7AOQVKESFxn8/igY='",
  "'sha256-3lqOkyL/lSnZuGEut8K7otwt3i13EOa/7FG52JZyEQQ='",
] as const;
