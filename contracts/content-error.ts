/**
 * Why published content could not be read (ContentError, thrown by the reader), and the one mapping to an HTTP answer.
 * Pure.
 */

/**
 * `unpublished`: no manifest yet. `unavailable`: KV failed and nothing older is held.
 * `unreadable`: a stored value is missing or malformed.
 */
export type ContentErrorKind = 'unpublished' | 'unavailable' | 'unreadable';

export class ContentError extends Error {
  readonly kind: ContentErrorKind;

  constructor(kind: ContentErrorKind, message: string) {
    super(message);
    this.kind = kind;
    this.name = 'ContentError';
  }
}

/** How long a visitor should wait when KV is down or nothing is published. */
export const RETRY_AFTER_SECONDS = 30;

/** 503 with Retry-After while content may come (or come back); 500 when what is stored is broken. */
export function contentErrorStatus(kind: ContentErrorKind): { status: 500 } | { status: 503; retryAfter: number } {
  return kind === 'unreadable' ? { status: 500 } : { status: 503, retryAfter: RETRY_AFTER_SECONDS };
}
