/**
 * The rehearsal's reading of GitHub expressions (test/support/workflow-expressions.ts) agrees with
 * GitHub's documented rules on what the workflows use, and refuses what it does not know.
 */
import { expect, test } from 'vitest';
import { condition, evaluate, interpolate } from '../support/workflow-expressions.ts';

const contexts = {
  github: { event_name: 'pull_request', event: { action: 'closed', pull_request: { number: 7, head: { repo: { full_name: 'a/b' } } } } },
  inputs: {},
  needs: { upload: { result: 'skipped', outputs: { link: '' } } },
  steps: { changes: { outputs: { kind: 'content' } } },
};

test('paths, literals, comparisons and the value-returning && and ||', () => {
  expect(evaluate('github.event.pull_request.number || inputs.pr', contexts)).toBe(7);
  expect(evaluate('inputs.pr || 8', contexts)).toBe(8);
  expect(evaluate("github.event.action != 'closed'", contexts)).toBe(false);
  // Strings compare ignoring case; a missing property is null.
  expect(evaluate("github.event.pull_request.head.repo.full_name == 'A/B'", contexts)).toBe(true);
  expect(evaluate('github.event.nothing.here', contexts)).toBeNull();
  expect(evaluate("steps.changes.outputs.kind != 'none' && 'yes'", contexts)).toBe('yes');
  expect(evaluate("!(needs.upload.result == 'skipped')", contexts)).toBe(false);
  expect(evaluate("'it''s'", contexts)).toBe("it's");
});

/** A GitHub expression, spelled out (a literal one reads as a mistaken template string). */
const expr = (inner: string) => `\${{ ${inner} }}`;

test('if: adds success() unless the condition asks for a status; expressions in strings are replaced', () => {
  expect(condition("steps.changes.outputs.kind == 'content'", contexts, { failed: false })).toBe(true);
  expect(condition("steps.changes.outputs.kind == 'content'", contexts, { failed: true })).toBe(false);
  expect(condition('failure()', contexts, { failed: true })).toBe(true);
  expect(condition(expr("always() && needs.upload.result != 'skipped'"), contexts, { failed: true })).toBe(false);
  expect(condition(undefined, contexts, { failed: true })).toBe(false);
  expect(interpolate(`pr-${expr('github.event.pull_request.number')}: ${expr('needs.upload.outputs.link')}.`, contexts)).toBe('pr-7: .');
});

test('what it does not know is an error naming the expression', () => {
  expect(() => evaluate('secrets.TOKEN', contexts)).toThrow('expression "secrets.TOKEN": unknown context "secrets"');
  expect(() => evaluate("contains(github.event_name, 'pull')", contexts)).toThrow('function contains() is not supported here');
  expect(() => evaluate("github.event_name == 'a' 'b'", contexts)).toThrow('unexpected "b"');
});
