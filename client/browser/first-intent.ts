/**
 * The visitor's first sign of intent: a pointer moved or pressed, a touch, a key, a focus, a
 * scroll. The entry fetches and runs React then, when someone is there to use it: a reader
 * scrolling an article has it by the time they reach a link, and a page nobody touches runs
 * no long task (what Lighthouse measures as Total Blocking Time).
 *
 * I/O: event listeners on `window`.
 */
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'] as const;

/** Calls `run` once, at the first of INTENT_EVENTS on the window. */
export function onFirstIntent(run: () => void): void {
  const once = () => {
    for (const type of INTENT_EVENTS) removeEventListener(type, once, { capture: true });
    run();
  };
  for (const type of INTENT_EVENTS) addEventListener(type, once, { capture: true, passive: true });
}
