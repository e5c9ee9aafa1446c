/** The version a maintainer types into Rollback: a whole number or nothing. Unit. */
import { expect, test } from 'vitest';
import { rollbackVersion } from '../../../scripts/github/rollback-version.ts';

test('empty is the version before the live one; a whole number is taken as typed', () => {
  expect(rollbackVersion('')).toBe('');
  expect(rollbackVersion('  ')).toBe('');
  expect(rollbackVersion(' 12 ')).toBe('12');
});

test('anything else is refused, shell included', () => {
  for (const input of ['2; echo hi', '-1', '1.5', 'v2', '$(id)', '2\n3']) expect(rollbackVersion(input)).toBeNull();
});
