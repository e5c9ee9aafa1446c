/** The catalogue of maintainer mistakes: every entry has words for its message and a hint. Unit, pure. */
import { expect, test } from 'vitest';
import { explain, MAINTAINER_ERRORS } from '../../contracts/maintainer-errors.ts';

test('every entry has a kebab-case code, a message and a hint that ends a sentence', () => {
  for (const [code, { hint }] of Object.entries(MAINTAINER_ERRORS)) {
    expect(code).toMatch(/^[a-z]+(?:-[a-z]+)+$/);
    expect(hint, code).toMatch(/^[A-Z].*[.)]$/);
  }
});

test('explain fills the message from its arguments', () => {
  expect(explain('slug-taken', 'dsx', 'guide-DSX.md', 'guide-DSX.md is published with it, so guide-x.md is the new one')).toEqual({
    code: 'slug-taken',
    message:
      '"dsx" is also the slug of guide-DSX.md (slugs are compared ignoring case): guide-DSX.md is published with it, so guide-x.md is the new one',
    hint: 'Give this file another slug.',
  });
  expect(explain('date-invalid', '2024-04-31').message).toBe('"2024-04-31" is not a real date: April 2024 has 30 days');
});
