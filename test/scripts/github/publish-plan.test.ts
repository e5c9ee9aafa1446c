/** Whether a push's commit may go live and what it needs, and how the facts are read from GitHub's API. Unit. */
import { describe, expect, test } from 'vitest';
import { githubApi } from '../../../scripts/github/github-api.ts';
import { planPublish, readPublishState } from '../../../scripts/github/publish-plan.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);

describe('the plan', () => {
  const never = () => {
    throw new Error('the diff is not read');
  };
  test("main's head, descending from the last published commit: what changed since decides", () => {
    expect(planPublish({ sha: B, tip: B, lastPublished: A, descends: true }, () => ['content/a.md'])).toEqual({ kind: 'content' });
    expect(planPublish({ sha: B, tip: B, lastPublished: A, descends: true }, () => ['docs/x.md'])).toEqual({ kind: 'none' });
    expect(planPublish({ sha: B, tip: B, lastPublished: B, descends: true }, () => [])).toEqual({ kind: 'none' });
  });
  test('no successful run yet: deploy to be sure', () => {
    expect(planPublish({ sha: B, tip: B, lastPublished: null, descends: false }, never)).toEqual({ kind: 'code' });
  });
  test('a re-run of an older commit is refused: it would put old code and content over newer ones', () => {
    const plan = planPublish({ sha: A, tip: C, lastPublished: B, descends: false }, never);
    expect(plan).toEqual({ refused: expect.stringContaining(`${A} is not the branch's head (${C})`) });
  });
  test('a head that does not descend from the last published commit (a rewritten history) is refused', () => {
    const plan = planPublish({ sha: C, tip: C, lastPublished: B, descends: false }, never);
    expect(plan).toEqual({ refused: expect.stringContaining(`does not descend from ${B}`) });
  });
});

test("the branch's head and the last successful run come from the API, the branch name encoded", async () => {
  const asked: string[] = [];
  const api = githubApi({
    token: 't0ken',
    baseUrl: 'https://api.test',
    fetch: async (url, init) => {
      asked.push(url);
      expect(new Headers(init.headers).get('authorization')).toBe('Bearer t0ken');
      const body = url.includes('/git/ref/') ? { object: { sha: B } } : { workflow_runs: url.includes('main') ? [{ head_sha: A }] : [] };
      return Response.json(body);
    },
  });
  expect(await readPublishState(api, 'o/r', 'main', 'publish.yml')).toEqual({ tip: B, lastPublished: A });
  expect(asked).toEqual([
    'https://api.test/repos/o/r/git/ref/heads/main',
    'https://api.test/repos/o/r/actions/workflows/publish.yml/runs?branch=main&status=success&per_page=1',
  ]);
  expect(await readPublishState(api, 'o/r', 'a#b', 'publish.yml')).toEqual({ tip: B, lastPublished: null });
  expect(asked.slice(2)).toEqual([
    'https://api.test/repos/o/r/git/ref/heads/a%23b',
    'https://api.test/repos/o/r/actions/workflows/publish.yml/runs?branch=a%23b&status=success&per_page=1',
  ]);
});
