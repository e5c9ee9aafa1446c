/**
 * The XSRF double-submit names: the Worker sets the cookie and checks the header; the browser copies the token it is
 * given into the header. Pure.
 */
import { API_PREFIX } from './routes.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
/**
 * The cookie goes to API requests only: page requests carry no cookie, so the shared cache in front of the Worker can
 * answer them (their `Vary: Cookie`), and a page cannot read it, so the token route hands the token over in its body.
 */
export const XSRF_COOKIE_PATH = API_PREFIX;
/** Carries the cookie's value on every state-changing API request. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';
