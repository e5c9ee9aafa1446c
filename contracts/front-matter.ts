/**
 * The front matter of a content file, as one zod schema: the upload validates with it, the Worker's reader parses
 * stored attributes with it. Pure. Each failure's message is a code of maintainer-errors.ts, which says it to people.
 */
import * as z from 'zod';
import { ENTRY_TYPES } from './front-matter-fields.ts';
import type { MaintainerErrorCode } from './maintainer-errors.ts';

/** URL path segment characters that need no escaping; case is kept (e.g. `DSX`). */
const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A catalogue code where zod takes any message: the type checks the spelling. */
const code = (c: MaintainerErrorCode) => c;

/** Trimmed text: missing, not text and empty are each their own mistake. */
const text = (empty: MaintainerErrorCode) =>
  z
    .string({ error: (issue) => code(issue.input === undefined ? 'field-missing' : 'field-not-text') })
    .trim()
    .min(1, code(empty));

/**
 * News only: an ISO calendar date (YYYY-MM-DD), or an ISO time with its zone (2024-09-24T18:00:00Z,
 * 2024-09-24T20:00+02:00) for a post that goes live at that moment. Kept as written.
 */
const newsDate = z.union([z.iso.date(), z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true, precision: -1 })], {
  error: (issue) => code(issue.input === undefined ? 'field-missing' : 'date-invalid'),
});

const fields = z.strictObject(
  {
    title: text('field-empty'),
    slug: text('field-empty').regex(SLUG_PATTERN, code('slug-invalid')),
    description: text('description-empty'),
    type: z.enum(ENTRY_TYPES, { error: code('type-unknown') }).optional(),
    date: newsDate.optional(),
    /** Stored for preview links only, never listed: contracts/kv-values.ts `drafts`. */
    draft: z.boolean({ error: code('draft-not-boolean') }).optional(),
  },
  { error: code('field-unknown') },
);

type Fields = z.output<typeof fields>;

/** The rules between fields, run on an object even when a field failed, but only on fields whose own check passed. */
const betweenFields = <T extends Partial<Fields>>(schema: z.ZodType<T>) =>
  schema.check(
    z.superRefine<T>(
      (value, ctx) => {
        // A field whose own check failed gives no knock-on problem: one mistake is one problem.
        const ok = (field: keyof Fields) => !ctx.issues.some((issue) => issue.path?.[0] === field);
        const add = (field: keyof Fields, message: MaintainerErrorCode) => ctx.addIssue({ code: 'custom', path: [field], message });
        if (ok('title') && ok('description') && value.description?.toLowerCase() === value.title?.toLowerCase()) {
          add('description', 'description-is-title');
        }
        if (!ok('type') || !ok('date')) return;
        if (value.type === 'news' && value.date === undefined) add('date', 'date-missing');
        if (value.type !== 'news' && value.date !== undefined) add('date', 'date-not-news');
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );

/** A content file's front matter after validation. */
export const frontMatterSchema = betweenFields(fields);
export type FrontMatter = z.output<typeof fields>;

/**
 * Front matter as stored with an entry (`entry/<sha256>`): all but `draft`, which the manifest's lists carry. Each
 * field's own rule, not the rules between fields: those are the upload's to enforce, so an entry stored before a rule
 * was added still reads, rather than its page failing.
 */
export const entryAttributesSchema = fields.omit({ draft: true });
export type EntryAttributes = Omit<FrontMatter, 'draft'>;
