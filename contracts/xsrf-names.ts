/**
 * The XSRF double-submit names: the Worker sets the cookie when the browser first asks for it
 * (XSRF_TOKEN_API_PATH, just before its first state-changing request) and checks the header on
 * every state-changing API request; the browser copies one into the other.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
