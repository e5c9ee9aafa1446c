/**
 * Content errors' statuses: 503 with Retry-After for content that may come, 500 for broken content. Unit.
 */
import { expect, test } from 'vitest';
import { contentErrorStatus, RETRY_AFTER_SECONDS } from '../../contracts/content-error.ts';

test('content that may come (or come back) is a 503 with Retry-After; broken content a 500', () => {
  expect(contentErrorStatus('unpublished')).toEqual({ status: 503, retryAfter: RETRY_AFTER_SECONDS });
  expect(contentErrorStatus('unavailable')).toEqual({ status: 503, retryAfter: RETRY_AFTER_SECONDS });
  expect(contentErrorStatus('unreadable')).toEqual({ status: 500 });
});
