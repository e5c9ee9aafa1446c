/**
 * The visitor's first sign of intent (pointer, touch, key, focus, scroll): when the entry loads React.
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
