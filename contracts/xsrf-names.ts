/**
 * The XSRF double-submit names: the Worker sets the cookie on HTML responses and checks the
 * header on every state-changing API request; the browser copies one into the other.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
