/** What Publish's summary says stays live after a failure, by the outcomes of deploy and upload. Unit. */
import { expect, test } from 'vitest';
import { staysLive } from '../../../scripts/github/stays-live.ts';

test('a failed deploy leaves the Worker and the content before it', () => {
  expect(staysLive('failure', 'skipped')).toMatch(/^### Deploy failed\n\nThe Worker deployed before this run stays live/);
});

test("a failed upload: its own summary says which content is live; after a deploy, this commit's Worker serves it", () => {
  expect(staysLive('skipped', 'failure')).toBeNull();
  expect(staysLive('success', 'failure')).toBe(
    "The Worker of this commit was deployed and is live; its content is what the upload's summary above says stays live.",
  );
});

test('an upload cancelled after a deploy, and a failure before either', () => {
  expect(staysLive('success', 'cancelled')).toContain('the upload ended cancelled, so the content live before it stays live');
  expect(staysLive('', '')).toBe('### Failed before publishing\n\nNothing was deployed or uploaded: the site is unchanged.');
});
