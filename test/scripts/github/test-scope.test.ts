/** Which commits a push or pull request brings to the Test workflow, and whether the content check alone runs. Unit. */
import { expect, test } from 'vitest';
import { eventRange, testScope } from '../../../scripts/github/test-scope.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const known = () => true;

test("a push brings before..after; a pull request its branch's own changes", () => {
  expect(eventRange({ GITHUB_EVENT_NAME: 'push', GITHUB_SHA: B, BEFORE: A }, known)).toEqual([A, B]);
  expect(eventRange({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_SHA: B, BASE_SHA: A, HEAD_SHA: B }, known)).toEqual([`${A}...${B}`]);
});

test('a new branch, a base this clone lacks or another event has no range: everything runs', () => {
  expect(eventRange({ GITHUB_EVENT_NAME: 'push', GITHUB_SHA: B, BEFORE: '0'.repeat(40) }, known)).toBeNull();
  expect(eventRange({ GITHUB_EVENT_NAME: 'push', GITHUB_SHA: B, BEFORE: A }, () => false)).toBeNull();
  expect(eventRange({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_SHA: B, BASE_SHA: '', HEAD_SHA: B }, known)).toBeNull();
  expect(eventRange({ GITHUB_EVENT_NAME: 'workflow_dispatch', GITHUB_SHA: B }, known)).toBeNull();
  expect(testScope(null)).toBe('all');
});

test('only content/ runs the content check; docs, code or nothing at all run the whole suite', () => {
  expect(testScope(['content/a.md', 'content/media/b.png'])).toBe('content');
  expect(testScope(['content/a.md', 'docs/x.md'])).toBe('all');
  expect(testScope(['docs/x.md'])).toBe('all');
  expect(testScope([])).toBe('all');
});
