/**
 * Bad preview cookies get the reason under the preview's path and the cookie cleared, and change nothing on public
 * paths; bad links get a 4xx page saying why. Real upload, workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCAL_PREVIEW_SECRET } from '../../../contracts/preview-token.ts';
import { signPreviewLink, signPreviewSession } from '../../../contracts/site-preview.ts';
import { removePreview } from '../../../scripts/content/previews/remove-preview.ts';
import { ORIGIN } from '../../../tools/local-worker.ts';
import { parsePage } from '../../support/html.ts';
import { PREVIEW_NAME, PREVIEW_SECRET, type PreviewedWorker, setCookieLine, startPreviewedWorker } from '../../support/preview-session.ts';
import { reencoded, tampered } from '../../support/tamper.ts';

let site: PreviewedWorker;
let token: string;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const anHourAgo = () => Math.floor(Date.now() / 1000) - 3600;

beforeAll(async () => {
  site = await startPreviewedWorker();
  token = new URL(site.preview.url).searchParams.get('token')!;
});
afterAll(() => site?.worker.dispose());

/** The link's token with its signature (the part after the last dot) changed by `change`. */
const tokenWith = (change: (signature: string) => string) => token.replace(/[^.]+$/, change);

const get = (path: string, cookie?: string) => site.worker.fetch(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });

/**
 * The preview's page refused with the reason (403; 404 for a preview that is gone) and the cookie cleared at its path;
 * the public page, sent the same cookie, as every visitor gets it.
 */
async function expectRefusedAndCleared(cookie: string, why: string, { name = PREVIEW_NAME, status = 403 } = {}) {
  const res = await get(`/_preview/${name}/guide/setup-guide`, `site-preview=${cookie}`);
  const page = parsePage(await res.text());
  expect(res.status, why).toBe(status);
  expect(page.root.querySelector('h1')?.textContent, why).toBe(status === 404 ? 'Preview not found' : 'Preview session needed');
  expect(page.root.querySelector('.preview-banner'), why).toBeNull();
  expect(setCookieLine(res, 'site-preview'), why).toBe(`site-preview=; Max-Age=0; Path=/_preview/${name}; HttpOnly; SameSite=Lax`);
  expect(res.headers.get('cache-control'), why).toBe('no-store');
  const reference = await get('/guide/setup-guide');
  const sent = await get('/guide/setup-guide', `site-preview=${cookie}`);
  expect(await sent.text(), why).toBe(await reference.text());
  for (const header of ['cache-control', 'cloudflare-cdn-cache-control', 'cache-tag', 'etag'])
    expect(sent.headers.get(header), `${why}: ${header}`).toBe(reference.headers.get(header));
  expect(sent.headers.getSetCookie(), why).toEqual([]);
}

describe('a session cookie that is not good', () => {
  test('forged, expired, signed for another name or with another secret, or garbage: refused, cookie cleared', async () => {
    const good = await signPreviewSession(PREVIEW_SECRET, PREVIEW_NAME, inAnHour());
    const [, expires, signature] = good.split('.') as [string, string, string];
    const cookies = {
      tampered: `${PREVIEW_NAME}.${expires}.${tampered(signature)}`,
      'the signature written otherwise': `${PREVIEW_NAME}.${expires}.${reencoded(signature)}`,
      'longer expiry': `${PREVIEW_NAME}.${Number(expires) + 86_400}.${signature}`,
      'another name': `pr-43.${expires}.${signature}`,
      expired: await signPreviewSession(PREVIEW_SECRET, PREVIEW_NAME, anHourAgo()),
      'another secret': await signPreviewSession('not-the-secret', PREVIEW_NAME, inAnHour()),
      'the development secret': await signPreviewSession(LOCAL_PREVIEW_SECRET, PREVIEW_NAME, inAnHour()),
      'the link token': `${PREVIEW_NAME}.${token}`,
      garbage: 'x',
    };
    for (const [why, cookie] of Object.entries(cookies)) await expectRefusedAndCleared(cookie, why);
  });

  test('a genuine cookie for a preview that does not exist: not found, cookie cleared', async () => {
    await expectRefusedAndCleared(await signPreviewSession(PREVIEW_SECRET, 'pr-99', inAnHour()), 'no such preview', {
      name: 'pr-99',
      status: 404,
    });
  });
});

describe('a preview link that is not good', () => {
  test('each gets a page with the reason and sets no cookie', async () => {
    const links: [string, string, number, string][] = [
      ['bad name', '/_preview/PR_42?token=1.abc', 400, 'is not a preview name'],
      ['no token', `/_preview/${PREVIEW_NAME}`, 400, 'This link has no token'],
      ['not a token', `/_preview/${PREVIEW_NAME}?token=nonsense`, 400, 'is not one the upload prints'],
      ['another preview', `/_preview/pr-43?token=${token}`, 403, 'is not signed for the preview pr-43'],
      ['tampered', `/_preview/${PREVIEW_NAME}?token=${tokenWith(tampered)}`, 403, 'is not signed'],
      ['the signature written otherwise', `/_preview/${PREVIEW_NAME}?token=${tokenWith(reencoded)}`, 400, 'is not one the upload prints'],
      ['expired', `/_preview/${PREVIEW_NAME}?token=${await signPreviewLink(PREVIEW_SECRET, PREVIEW_NAME, anHourAgo())}`, 410, 'expired at'],
      ['no such preview', `/_preview/pr-99?token=${await signPreviewLink(PREVIEW_SECRET, 'pr-99', inAnHour())}`, 404, 'no longer exists'],
    ];
    for (const [why, path, status, reason] of links) {
      const res = await get(path);
      const page = parsePage(await res.text());
      expect(res.status, why).toBe(status);
      expect(page.root.querySelector('main p.page-intro')?.textContent, why).toContain(reason);
      expect(res.headers.get('cache-control'), why).toBe('no-store');
      expect(setCookieLine(res, 'site-preview'), why).toBeUndefined();
    }
  });

  test('once removed, the link says the preview no longer exists, and so do the pages of a session in it', async () => {
    const link = site.preview.url.slice(ORIGIN.length);
    const cookie = setCookieLine(await get(link), 'site-preview')!
      .split(';')[0]!
      .slice('site-preview='.length);
    const lines: string[] = [];
    await removePreview({ store: site.worker.store, name: PREVIEW_NAME, log: (line) => lines.push(line) });
    expect(lines).toEqual([
      `removed preview ${PREVIEW_NAME}: its link now says the preview no longer exists; its keys go with the next upload's clean-up.`,
    ]);
    const res = await get(link);
    expect(res.status).toBe(404);
    expect(parsePage(await res.text()).root.querySelector('h1')?.textContent).toBe('Preview not found');
    await expectRefusedAndCleared(cookie, 'removed', { status: 404 });
    await expect(removePreview({ store: site.worker.store, name: PREVIEW_NAME })).rejects.toThrow(
      `there is no preview named ${PREVIEW_NAME} (previews: none): nothing was removed.`,
    );
  });
});
