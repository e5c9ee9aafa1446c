/**
 * The XSRF double-submit names: the Worker sets the cookie and checks the header; the browser copies the token it is
 * given into the header. Pure.
 */
import { STATE_API_PREFIX } from './routes.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
/**
 * The cookie goes only to the state-changing API and its token route, the one place that reads it: no other request
 * carries it. A page cannot read it, so the token route hands the token over in its body.
 */
export const XSRF_COOKIE_PATH = STATE_API_PREFIX;
/** Carries the cookie's value on every state-changing API request. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';
