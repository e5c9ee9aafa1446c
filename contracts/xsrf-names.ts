/**
 * The XSRF double-submit names: the Worker sets the cookie and checks the header; the browser copies one to the other.
 * Pure.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Carries the cookie's value on every state-changing API request. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';
