/**
 * The upload's side of the publish lock against the stand-in endpoints: stop messages, what a release
 * reports, and an unreachable lock named by host and cause. Unit.
 */
import { afterEach, expect, test } from 'vitest';
import { PublishStoppedError, UploadConflictError } from '../../../../scripts/content/publish/publish-error.ts';
import { acquirePublishLease, refusalAdvice } from '../../../../scripts/content/publish/publish-lease-client.ts';
import { manifestTracker } from '../../../../scripts/content/publish/upload-lock.ts';
import { type PublishLockServer, startPublishLockServer } from '../../../support/publish-lock-server.ts';

const servers: PublishLockServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
async function lockServer(): Promise<PublishLockServer> {
  const server = await startPublishLockServer('s3cret');
  servers.push(server);
  return server;
}

test('lease, reservation, renewal and release; a second holder and a stale plan are refused with what to do', async () => {
  const server = await lockServer();
  const a = await acquirePublishLease({ origin: server.origin, secret: 's3cret', holder: 'alice@laptop (pid 1)' });
  await expect(acquirePublishLease({ origin: server.origin, secret: 's3cret', holder: 'bob@desktop (pid 2)' })).rejects.toThrow(
    /^another upload holds the publish lock \(held by alice@laptop \(pid 1\) until \d{4}-[\d-]+T[\d:.]+Z\): nothing was written\. Run the upload again when it is done; a crashed one's lease expires by itself\.$/,
  );
  await a.reserve!(null, 1);
  await a.check();
  expect(await a.release('published')).toBeNull();
  expect(server.state()).toEqual({ lease: null, version: 1, pending: null, reservedAt: expect.any(Number) });

  const b = await acquirePublishLease({ origin: server.origin, secret: 's3cret', holder: 'bob@desktop (pid 2)' });
  const stale = b.reserve!(null, 1);
  await expect(stale).rejects.toBeInstanceOf(UploadConflictError);
  // Reserved a moment ago: KV not showing it yet, or a stale lock; both named, with the command for the second.
  await expect(stale).rejects.toThrow(
    /^the publish lock refused version 1 \(planned against none, but v1 was reserved since\): nothing was written\. Run the upload again: v1 was reserved \d+ s ago, and KV shows a new manifest everywhere within 60 s\. If this namespace was recreated or its manifest removed, the lock is stale .*`npm run upload -- --remote --reset-lock`/,
  );
  await b.release('not-published');
});

test('a lock that cannot be reached is named by host and cause; a failed release says when the lease expires', async () => {
  const server = await lockServer();
  const lease = await acquirePublishLease({ origin: server.origin, secret: 's3cret', holder: 'alice' });
  await server.close();
  servers.length = 0;
  const host = new URL(server.origin).host;
  await expect(acquirePublishLease({ origin: server.origin, secret: 's3cret', holder: 'bob' })).rejects.toThrow(
    `publish lock: POST ${server.origin}/api/_analog/publish/lease failed (${host}: connect ECONNREFUSED ${host}).`,
  );
  expect(await lease.release('published')).toMatch(
    /^the publish lock was not released \(publish lock: POST .* failed \(.*ECONNREFUSED.*\)\.\): it expires by itself within 120 s, and other uploads are refused until then\.$/,
  );
});

test('manifestTracker: published once the manifest is written; certainly not when refused before or at it; unknown otherwise', () => {
  const none = manifestTracker();
  expect(none.outcome(new Error('entries failed'))).toBe('not-published');
  const landed = manifestTracker();
  landed.see({ kind: 'manifest-sent', version: 2 });
  landed.see({ kind: 'manifest', version: 2 });
  expect(landed.outcome()).toBe('published');
  const refused = manifestTracker();
  refused.see({ kind: 'manifest-sent', version: 2 });
  expect(refused.outcome(new PublishStoppedError(Object.assign(new Error('403'), { notApplied: true }), 'x'))).toBe('not-published');
  const lost = manifestTracker();
  lost.see({ kind: 'manifest-sent', version: 2 });
  expect(lost.outcome(new PublishStoppedError(new Error('500 after retries'), 'x'))).toBe('unknown');
});

test('what a refused version says: run again, KV catching up, or a stale lock with the command that clears it', () => {
  // The lock remembers nothing above the manifest read: another upload reserved since.
  expect(refusalAdvice(5, { reserved: 5, reservedSecondsAgo: 1 })).toBe('Run the upload again.');
  expect(refusalAdvice(null, {})).toBe('Run the upload again.');
  expect(refusalAdvice(null, { reserved: 1, reservedSecondsAgo: 3 })).toMatch(
    /^Run the upload again: v1 was reserved 3 s ago, .* If this namespace was recreated/,
  );
  expect(refusalAdvice(2, { reserved: 4, reservedSecondsAgo: 600 })).toBe(
    'A stale publish lock: it remembers v4, reserved 600 s ago, which this namespace does not have (its manifest is v2), so running the upload again gives the same refusal. ' +
      'The namespace was recreated or its manifest removed: clear the lock with `npm run upload -- --remote --reset-lock` (it refuses while the namespace has v4 or later), then upload again.',
  );
  expect(refusalAdvice(null, { reserved: 1, reservedSecondsAgo: null })).toContain('reserved at an unknown time');
});
