/** Whether closing a pull request removed its preview, found none, or failed, from the upload's exit and output. Unit. */
import { expect, test } from 'vitest';
import { removalOutcome } from '../../../scripts/github/remove-preview.ts';

test("removed, or none to remove; any other failure (pr-70's missing preview is not pr-7's) fails", () => {
  expect(removalOutcome(0, 'removed preview pr-7', 'pr-7')).toBe('removed');
  expect(removalOutcome(1, 'there is no preview named pr-7 (previews: none): nothing was removed.', 'pr-7')).toBe('absent');
  expect(removalOutcome(1, 'there is no preview named pr-70 (previews: none)', 'pr-7')).toBe('failed');
  expect(removalOutcome(1, 'another upload holds the lock: nothing was written.', 'pr-7')).toBe('failed');
  expect(removalOutcome(null, '', 'pr-7')).toBe('failed');
});
