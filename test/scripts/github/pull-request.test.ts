/** A pull request found by a fork's branch and commit, whether it touches content/, and the manual preview's check. Unit. */
import { expect, test } from 'vitest';
import { githubApi } from '../../../scripts/github/github-api.ts';
import { findPullByHead, manualPreviewProblem, pullsByHeadPath, pullTouchesContent } from '../../../scripts/github/pull-request.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

/** A stub of GitHub's API answering each path (with its query) from a table. */
const apiAnswering = (answers: Record<string, unknown>) =>
  githubApi({
    token: 't',
    baseUrl: 'https://api.test',
    fetch: async (url) => {
      const { pathname, search } = new URL(url);
      const answer = answers[`${pathname}${search}`];
      return answer === undefined ? new Response('not found', { status: 404 }) : Response.json(answer);
    },
  });

test('a branch name with # and & stays one value of the query', () => {
  const path = pullsByHeadPath('o/r', 'someone', 'fix#1&state=open');
  expect(path).toBe('/repos/o/r/pulls?state=all&head=someone%3Afix%231%26state%3Dopen&per_page=100');
  expect(new URLSearchParams(path.split('?')[1]).get('head')).toBe('someone:fix#1&state=open');
});

test("the pull request is the one whose head is the fork's commit", async () => {
  const api = apiAnswering({
    [pullsByHeadPath('o/r', 'someone', 'feature')]: [
      { number: 3, state: 'closed', head: { sha: A } },
      { number: 8, state: 'open', head: { sha: B } },
    ],
  });
  expect(await findPullByHead(api, 'o/r', 'someone', 'feature', B)).toEqual({ number: 8, state: 'open', head: { sha: B } });
  expect(await findPullByHead(api, 'o/r', 'someone', 'feature', 'c'.repeat(40))).toBeNull();
});

test('a file moved out of content/ touches content/; code and docs alone do not', async () => {
  const api = apiAnswering({
    '/repos/o/r/pulls/8/files?per_page=100': [{ filename: 'docs/guide.md', previous_filename: 'content/guide.md' }],
    '/repos/o/r/pulls/9/files?per_page=100': [{ filename: 'worker/app.ts' }, { filename: 'docs/x.md' }],
  });
  expect(await pullTouchesContent(api, 'o/r', 8)).toBe(true);
  expect(await pullTouchesContent(api, 'o/r', 9)).toBe(false);
});

test("a maintainer's preview runs only on the open pull request's head, the commit they reviewed", () => {
  expect(manualPreviewProblem({ number: 8, state: 'open', head: { sha: B } }, B)).toBeNull();
  expect(manualPreviewProblem({ number: 8, state: 'open', head: { sha: B } }, A)).toBe(
    `pull request 8's head is ${B}, not ${A}: review the new commits, then run the preview with the head's SHA.`,
  );
  expect(manualPreviewProblem({ number: 8, state: 'closed', head: { sha: B } }, B)).toBe(
    'pull request 8 is closed: no preview is made for it.',
  );
});
