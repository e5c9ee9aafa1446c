/** contracts/site-preview.ts in Node: preview names, link tokens and session cookies, and why each check refuses. */
import { describe, expect, test } from 'vitest';
import {
  previewNameProblem,
  signPreviewLink,
  signPreviewSession,
  verifyPreviewLink,
  verifyPreviewSession,
} from '../../contracts/site-preview.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const LATER = Math.floor(NOW.getTime() / 1000) + 3 * 86_400;
const EARLIER = Math.floor(NOW.getTime() / 1000) - 60;

test('names: lowercase letters, digits and single dashes; `leave` is the leave route', () => {
  for (const good of ['pr-42', 'demo', '7', 'a-b-c', 'x'.repeat(63)]) expect(previewNameProblem(good), good).toBeNull();
  for (const bad of ['', 'PR-42', 'pr_42', '-pr', 'pr-', 'pr--42', 'pr 42', 'pr/42', 'x'.repeat(64), 'ü']) {
    expect(previewNameProblem(bad), bad).toMatch(/is not a preview name: lowercase letters, digits and single dashes/);
  }
  expect(previewNameProblem('leave')).toBe('"leave" is reserved');
});

describe('link tokens', () => {
  test('verify for their name and secret until they expire, then say "expired" with the time', async () => {
    const token = await signPreviewLink('s3cret', 'pr-42', LATER);
    expect(await verifyPreviewLink('s3cret', 'pr-42', token, NOW)).toEqual({ ok: true, expires: new Date(LATER * 1000) });
    const old = await signPreviewLink('s3cret', 'pr-42', EARLIER);
    expect(await verifyPreviewLink('s3cret', 'pr-42', old, NOW)).toEqual({
      ok: false,
      reason: 'expired',
      expires: new Date(EARLIER * 1000),
    });
  });

  test('forged: another name, another secret, a moved expiry, a changed signature, or a session cookie; malformed: the rest', async () => {
    const token = await signPreviewLink('s3cret', 'pr-42', LATER);
    const [expires, signature] = token.split('.') as [string, string];
    const forged = [
      ['pr-43', token],
      ['pr-42', `${Number(expires) + 1}.${signature}`],
      ['pr-42', `${expires}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`],
      ['pr-42', (await signPreviewSession('s3cret', 'pr-42', LATER)).slice('pr-42.'.length)],
    ] as const;
    for (const [name, t] of forged) expect((await verifyPreviewLink('s3cret', name, t, NOW)).ok ? 'ok' : 'refused').toBe('refused');
    expect(await verifyPreviewLink('other', 'pr-42', token, NOW)).toEqual({ ok: false, reason: 'forged' });
    for (const bad of ['', 'x', `${expires}.`, `.${signature}`, `${expires}.${signature}.x`, `${expires}.a`, 'x'.repeat(300)]) {
      expect(await verifyPreviewLink('s3cret', 'pr-42', bad, NOW), bad).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

test('session cookies name their preview, are refused when renamed, and never verify as a link', async () => {
  const value = await signPreviewSession('s3cret', 'pr-42', LATER);
  expect(value).toMatch(new RegExp(`^pr-42\\.${LATER}\\.[\\w-]{43}$`));
  expect(await verifyPreviewSession('s3cret', value, NOW)).toEqual({ name: 'pr-42', ok: true, expires: new Date(LATER * 1000) });
  expect(await verifyPreviewSession('s3cret', value.replace('pr-42', 'pr-43'), NOW)).toMatchObject({
    name: 'pr-43',
    ok: false,
    reason: 'forged',
  });
  expect(await verifyPreviewSession('s3cret', value, new Date(LATER * 1000))).toMatchObject({ ok: false, reason: 'expired' });
  expect(await verifyPreviewSession('s3cret', `pr-42.${await signPreviewLink('s3cret', 'pr-42', LATER)}`, NOW)).toMatchObject({
    ok: false,
    reason: 'forged',
  });
  for (const bad of ['', 'pr-42', '.1.x', 'PR.1.x', 'leave.1.x'])
    expect((await verifyPreviewSession('s3cret', bad, NOW)).ok, bad).toBe(false);
});
