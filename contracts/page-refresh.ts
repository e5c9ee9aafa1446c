/**
 * How a script outside the bundle asks the client router to show the page on screen again from
 * fresh data, keeping the scroll position: it dispatches REFRESH_EVENT on `window`, cancelable,
 * and the router cancels it to say it took it (dispatchEvent then returns false). A page whose
 * router is not running (the entry has not run yet, or no script) leaves it uncancelled, and the sender
 * reloads instead. `npm start`'s live preview (scripts/dev/live/) is the one sender: nothing on
 * the deployed site dispatches it, so in production the listener never runs. Pure.
 */
export const REFRESH_EVENT = 'race-element:refresh';

export interface RefreshDetail {
  /** Show this path instead (the entry on screen moved to a new slug); absent: the same URL. */
  to?: string;
}
