/**
 * The one preview comment: its texts, that only the workflows' bot's comment with the marker counts, and that it
 * is updated, created or left alone, across pages of comments. Unit, with a stub of GitHub's API.
 */
import { describe, expect, test } from 'vitest';
import { githubApi } from '../../../scripts/github/github-api.ts';
import { BOT, commentBody, MARKER, textFor, writePreviewComment } from '../../../scripts/github/preview-comment.ts';

interface Stored {
  id: number;
  body: string;
  user: { login: string };
}

/** GitHub's issue comments for one pull request, two to a page, and what was written. */
function stubGithub(comments: Stored[]) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  const api = githubApi({
    token: 't',
    baseUrl: 'https://api.test',
    fetch: async (url, init) => {
      const { pathname, searchParams } = new URL(url);
      if (init.method !== 'GET') {
        writes.push({ method: init.method!, path: pathname, body: JSON.parse(String(init.body)) });
        return Response.json({ id: 99 });
      }
      const page = Number(searchParams.get('page') ?? '1');
      const next =
        comments.length > page * 2 ? { link: `<https://api.test${pathname}?per_page=100&page=${page + 1}>; rel="next"` } : undefined;
      return Response.json(comments.slice((page - 1) * 2, page * 2), { headers: next });
    },
  });
  return { api, writes };
}

const bySomeone = (id: number, body: string): Stored => ({ id, body, user: { login: 'someone' } });
const byBot = (id: number, body: string): Stored => ({ id, body, user: { login: BOT } });

describe('which comment is ours', () => {
  test("the bot's comment with the marker is updated, on a later page, though a fork's author posted the marker first", async () => {
    const { api, writes } = stubGithub([
      bySomeone(1, `${MARKER}\nclick here`),
      bySomeone(2, 'Nice.'),
      byBot(3, 'Other bot text.'),
      byBot(4, `${MARKER}\nold`),
    ]);
    expect(await writePreviewComment(api, 'o/r', 7, 'new body', true)).toBe('updated');
    expect(writes).toEqual([{ method: 'PATCH', path: '/repos/o/r/issues/comments/4', body: { body: 'new body' } }]);
  });

  test('without ours, a comment is created; a removal creates none', async () => {
    const { api, writes } = stubGithub([bySomeone(1, `${MARKER}\nfake`)]);
    expect(await writePreviewComment(api, 'o/r', 7, 'removed', false)).toBe('none');
    expect(writes).toEqual([]);
    expect(await writePreviewComment(api, 'o/r', 7, 'link', true)).toBe('created');
    expect(writes).toEqual([{ method: 'POST', path: '/repos/o/r/issues/7/comments', body: { body: 'link' } }]);
  });

  test('a refused or failed request stops the step instead of writing a second comment', async () => {
    const api = githubApi({ token: 't', baseUrl: 'https://api.test', fetch: async () => new Response('rate limited', { status: 403 }) });
    await expect(writePreviewComment(api, 'o/r', 7, 'x', true)).rejects.toThrow(
      'GitHub answered GET /repos/o/r/issues/7/comments with 403: rate limited',
    );
    const offline = githubApi({ token: 't', baseUrl: 'https://api.test', fetch: () => Promise.reject(new Error('ECONNRESET')) });
    await expect(writePreviewComment(offline, 'o/r', 7, 'x', true)).rejects.toThrow(
      'GitHub could not be reached for GET /repos/o/r/issues/7/comments: ECONNRESET',
    );
  });
});

describe('the texts', () => {
  const env = {
    GITHUB_TOKEN: 't',
    GITHUB_REPOSITORY: 'o/r',
    PR_NUMBER: 7,
    LINK: '',
    EXPIRES: '',
    SHA: 'a'.repeat(40),
    RUN_URL: 'https://run',
    WORKFLOW_URL: 'https://wf',
  };
  test("an upload's link, or its failure when it gave none; each starts with the marker", () => {
    const link = commentBody(
      textFor({ ...env, COMMENT: 'upload', LINK: 'https://site/_preview/pr-7?token=x', EXPIRES: '2026-12-02 21:14 UTC' }),
    );
    expect(
      link.startsWith(`${MARKER}\n**Preview** of this pull request's content at ${'a'.repeat(40)}: https://site/_preview/pr-7?token=x\n\n`),
    ).toBe(true);
    expect(link).toContain('until 2026-12-02 21:14 UTC or until the pull request closes');
    expect(commentBody(textFor({ ...env, COMMENT: 'upload' }))).toBe(
      `${MARKER}\n**The preview of ${'a'.repeat(40)} failed**: the run's log and summary say why (https://run). An earlier preview, if any, stays as it was.`,
    );
    expect(commentBody(textFor({ ...env, COMMENT: 'upload', SHA: '' }))).toContain('**The preview of this pull request failed**');
  });
  test('the removal, and the notice to a fork', () => {
    expect(commentBody(textFor({ ...env, COMMENT: 'removed' }))).toBe(
      `${MARKER}\nThe preview of this pull request was removed when it closed.`,
    );
    const notice = commentBody(textFor({ ...env, COMMENT: 'fork' }));
    expect(notice).toContain('Actions → Preview → Run workflow (https://wf), pull request 7 and the commit they reviewed');
  });
});
