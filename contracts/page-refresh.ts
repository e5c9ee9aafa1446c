/** How a script outside the bundle (`npm start`'s live preview) asks the client router to show the page again. Pure. */
/**
 * Dispatched on `window`, cancelable: the router cancels it to say it took it (dispatchEvent returns false); left
 * uncancelled where no router runs (the entry has not run, no script), the sender reloads instead. Nothing deployed sends it.
 */
export const REFRESH_EVENT = 'race-element:refresh';

export interface RefreshDetail {
  /** Show this path instead (the entry on screen moved to a new slug); absent: the same URL. */
  to?: string;
}
