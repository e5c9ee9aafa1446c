/**
 * Front matter reading: valid guides, news and pages; each problem at its file, line and column, one per mistake. Unit.
 */
import { describe, expect, test } from 'vitest';
import { type ParseResult, parseFrontMatter } from '../../../../scripts/content/source/front-matter.ts';
import { type ContentProblem, formatProblem } from '../../../../scripts/content/source/problems.ts';

/** A content file: front matter lines, then a body. */
const md = (fm: string, body = 'Text') => `---\n${fm}\n---\n${body}\n`;
const guide = (extra = '') => md(`title: A guide\nslug: a-guide\ndescription: How to do it\ntype: guide${extra}`);
const news = (date: string) => md(`title: Big news\nslug: big-news\ndescription: Something happened\ntype: news\ndate: ${date}`);

function parsed(result: ParseResult) {
  if (!result.ok) throw new Error(`expected ok, got problems: ${result.problems.map(formatProblem).join('; ')}`);
  return result.value;
}
function problems(result: ParseResult): ContentProblem[] {
  if (result.ok) throw new Error('expected problems, got a valid file');
  return result.problems;
}
/** The one problem reported for `field`. */
function problemOn(result: ParseResult, field: string): ContentProblem {
  const found = problems(result).filter((p) => p.field === field);
  expect(found, `problems on ${field}: ${JSON.stringify(problems(result))}`).toHaveLength(1);
  return found[0]!;
}

describe('valid files', () => {
  test('a guide: attributes, body and source', () => {
    const source = md('title: "  Get started  "\nslug: how-to-get-started\ndescription: First steps\ntype: guide', '# Hello\n\nBody text');
    const file = parsed(parseFrontMatter('guide-get-started.md', source));
    expect(file.file).toBe('guide-get-started.md');
    expect(file.attributes).toEqual({ title: 'Get started', slug: 'how-to-get-started', description: 'First steps', type: 'guide' });
    expect(file.body).toBe('# Hello\n\nBody text\n');
    expect(file.source).toBe(source);
    expect(file.draft).toBe(false);
  });

  test('news with an unquoted YAML date keeps it as YYYY-MM-DD', () => {
    const file = parsed(parseFrontMatter('news.md', news('2024-09-24')));
    expect(file.attributes.type).toBe('news');
    expect(file.attributes.date).toBe('2024-09-24');
  });

  test('news with a quoted date string is accepted too', () => {
    expect(parsed(parseFrontMatter('news.md', news('"2024-09-24"'))).attributes.date).toBe('2024-09-24');
    expect(parsed(parseFrontMatter('news.md', news("'2024-02-29'"))).attributes.date).toBe('2024-02-29');
  });

  test('news may carry a time of day with its zone (a scheduled post), kept as written', () => {
    for (const date of ['2024-09-24T18:00:00Z', '2024-09-24T20:00+02:00', '"2024-09-24T18:00:00.000Z"', '2024-09-24T13:30:00-04:30']) {
      expect(parsed(parseFrontMatter('news.md', news(date))).attributes.date).toBe(date.replace(/"/g, ''));
    }
  });

  test('an untyped page has neither type nor date', () => {
    const file = parsed(parseFrontMatter('features.md', md('title: Features\nslug: features\ndescription: All of them')));
    expect(file.attributes).toEqual({ title: 'Features', slug: 'features', description: 'All of them' });
    expect('type' in file.attributes).toBe(false);
    expect('date' in file.attributes).toBe(false);
  });

  test('slugs keep their case and may hold dots, underscores and dashes', () => {
    expect(parsed(parseFrontMatter('guide-DSX.md', md('title: DSX\nslug: DSX\ndescription: d'))).attributes.slug).toBe('DSX');
    expect(parsed(parseFrontMatter('v.md', md('title: V\nslug: v2.0_beta-1\ndescription: d'))).attributes.slug).toBe('v2.0_beta-1');
  });

  test('draft: true and draft: false are read as booleans', () => {
    expect(parsed(parseFrontMatter('a.md', guide('\ndraft: true'))).draft).toBe(true);
    expect(parsed(parseFrontMatter('a.md', guide('\ndraft: false'))).draft).toBe(false);
  });
});

describe('problems', () => {
  test('every problem names the file', () => {
    for (const p of problems(parseFrontMatter('broken.md', md('slug: a b')))) expect(p.file).toBe('broken.md');
  });

  test('missing title', () => {
    expect(problemOn(parseFrontMatter('a.md', md('slug: s\ndescription: d')), 'title').reason).toMatch(/missing/);
  });

  test('empty title: "" and whitespace only', () => {
    expect(problemOn(parseFrontMatter('a.md', md('title: ""\nslug: s\ndescription: d')), 'title').reason).toMatch(/empty/);
    expect(problemOn(parseFrontMatter('a.md', md('title: "   "\nslug: s\ndescription: d')), 'title').reason).toMatch(/empty/);
  });

  test('a title that is not text', () => {
    expect(problemOn(parseFrontMatter('a.md', md('title: [1, 2]\nslug: s\ndescription: d')), 'title').reason).toMatch(/text/);
  });

  test('missing slug', () => {
    expect(problemOn(parseFrontMatter('a.md', md('title: T\ndescription: d')), 'slug').reason).toMatch(/missing/);
  });

  test('missing description', () => {
    expect(problemOn(parseFrontMatter('a.md', md('title: T\nslug: s')), 'description').reason).toMatch(/missing/);
  });

  test('unknown type lists the allowed ones', () => {
    const reason = problemOn(parseFrontMatter('a.md', md('title: T\nslug: s\ndescription: d\ntype: blog')), 'type').reason;
    expect(reason).toContain('"blog"');
    expect(reason).toContain('guide');
    expect(reason).toContain('news');
  });

  test('news without a date', () => {
    const reason = problemOn(parseFrontMatter('a.md', md('title: T\nslug: s\ndescription: d\ntype: news')), 'date').reason;
    expect(reason).toMatch(/missing/);
    expect(reason).toContain('YYYY-MM-DD');
  });

  test('news with a non-ISO date', () => {
    const reason = problemOn(parseFrontMatter('a.md', news('24/09/2024')), 'date').reason;
    expect(reason).toContain('24/09/2024');
    expect(reason).toContain('YYYY-MM-DD');
  });

  test('an impossible quoted date is not rolled over', () => {
    expect(problemOn(parseFrontMatter('a.md', news('"2024-02-30"')), 'date').reason).toContain('2024-02-30');
    expect(problems(parseFrontMatter('a.md', news('"2023-02-29"'))).map((p) => p.field)).toEqual(['date']);
  });

  test('a date in the right form that is not on the calendar says so, with the line', () => {
    const feb = problemOn(parseFrontMatter('a.md', news('2024-02-30')), 'date');
    expect(feb.reason).toBe('"2024-02-30" is not a real date: February 2024 has 29 days');
    expect(feb.line).toBe(6);
    expect(problemOn(parseFrontMatter('a.md', news('2023-02-29')), 'date').reason).toBe(
      '"2023-02-29" is not a real date: February 2023 has 28 days',
    );
    expect(problemOn(parseFrontMatter('a.md', news('2024-04-31')), 'date').reason).toBe(
      '"2024-04-31" is not a real date: April 2024 has 30 days',
    );
    expect(problemOn(parseFrontMatter('a.md', news('2024-13-01')), 'date').reason).toBe(
      '"2024-13-01" is not a real date: there is no month 13 (months are 01 to 12)',
    );
  });

  // YAML turns an unquoted 2024-02-30 into a Date, which rolls over to 2024-03-01 before
  // readDate sees it; the file must be rejected rather than published under another date.
  test('an impossible unquoted date is not rolled over either', () => {
    const result = parseFrontMatter('a.md', news('2024-02-30'));
    expect(result.ok ? result.value.attributes.date : 'rejected').toBe('rejected');
    expect(problemOn(result, 'date').reason).toMatch(/not a real date/);
  });

  test('a date with a time of day needs its zone, and a real time', () => {
    expect(problemOn(parseFrontMatter('a.md', news('2024-09-24T18:00:00')), 'date').reason).toBe(
      '"2024-09-24T18:00:00" has no time zone: add Z for UTC or an offset such as +02:00 (e.g. 2024-09-24T18:00:00Z)',
    );
    expect(problemOn(parseFrontMatter('a.md', news('2024-09-24T25:00Z')), 'date').reason).toBe(
      '"2024-09-24T25:00Z" is not a real time: 25:00 is past 23:59:59',
    );
    expect(problemOn(parseFrontMatter('a.md', news('2024-09-24T18h')), 'date').reason).toMatch(
      /^"2024-09-24T18h" is not an ISO time \(e\.g\./,
    );
    // The calendar check applies to timestamps too.
    expect(problemOn(parseFrontMatter('a.md', news('2024-02-30T18:00:00Z')), 'date').reason).toBe(
      '"2024-02-30T18:00:00Z" is not a real date: February 2024 has 29 days',
    );
  });

  test('a date on a guide', () => {
    expect(problemOn(parseFrontMatter('a.md', guide('\ndate: 2024-09-24')), 'date').reason).toMatch(/only news/);
  });

  test('a date on an untyped page', () => {
    expect(problemOn(parseFrontMatter('a.md', md('title: T\nslug: s\ndescription: d\ndate: 2024-09-24')), 'date').reason).toMatch(
      /only news/,
    );
  });

  test('unreadable YAML', () => {
    const found = problems(parseFrontMatter('a.md', md('title: [unclosed\nslug: s\ndescription: d')));
    expect(found).toHaveLength(1);
    expect(found[0]!.field).toBe('front matter');
    expect(found[0]!.reason).toMatch(/^unreadable YAML: \S/);
    expect(found[0]!.reason).not.toContain('\n');
  });

  test('no front matter at all', () => {
    const found = problems(parseFrontMatter('a.md', '# Just markdown\n\ntitle: T\n'));
    expect(found).toEqual([
      expect.objectContaining({ file: 'a.md', field: 'front matter', line: 1, column: 1, code: 'front-matter-missing' }),
    ]);
  });

  test('an empty block: each required field missing at the opening ---', () => {
    const found = problems(parseFrontMatter('a.md', '---\n---\nText\n'));
    expect(found.map((p) => `${p.line}:${p.column}: ${p.field}: ${p.code}`)).toEqual([
      '1:1: title: field-missing',
      '1:1: slug: field-missing',
      '1:1: description: field-missing',
    ]);
  });

  test('a block that is a list, not fields', () => {
    const found = problems(parseFrontMatter('a.md', '---\n- title\n- slug\n---\nText\n'));
    expect(found).toEqual([expect.objectContaining({ field: 'front matter', code: 'front-matter-not-fields', line: 2, column: 1 })]);
  });

  test('unknown field lists the allowed ones', () => {
    const reason = problemOn(parseFrontMatter('a.md', guide('\nauthor: Reinier')), 'author').reason;
    expect(reason).toMatch(/unknown field/);
    expect(reason).toContain('title, slug, description, type, date, draft');
  });

  test('a misspelt required field is one problem, on its line, naming the field it seems meant to be', () => {
    const result = parseFrontMatter('a.md', md('titel: A guide\nslug: a-guide\ndescription: How\ntype: guide'));
    expect(problems(result).map(formatProblem)).toEqual([
      `a.md:2:1: titel: unknown field: "title" is missing, is this it?\n  hint: Correct the field name on this line; the allowed fields are title, slug, description, type, date, draft. [field-misspelt]`,
    ]);
    // A name far from every missing field stays an unknown field, and the missing one is still named.
    expect(problems(parseFrontMatter('a.md', md('heading: A guide\nslug: a-guide\ndescription: How'))).map((p) => p.code)).toEqual([
      'field-missing',
      'field-unknown',
    ]);
  });

  test('a draft that is not a boolean', () => {
    expect(problemOn(parseFrontMatter('a.md', guide('\ndraft: "yes"')), 'draft').reason).toMatch(/true or false/);
    expect(problemOn(parseFrontMatter('a.md', guide('\ndraft: 1')), 'draft').reason).toMatch(/true or false/);
  });

  test('a slug with a space or a slash', () => {
    const space = problemOn(parseFrontMatter('a.md', md('title: T\nslug: two words\ndescription: d')), 'slug').reason;
    expect(space).toContain('"two words"');
    expect(space).toMatch(/letters, digits/);
    expect(problemOn(parseFrontMatter('a.md', md('title: T\nslug: guide/dsx\ndescription: d')), 'slug').reason).toContain('"guide/dsx"');
    expect(problemOn(parseFrontMatter('a.md', md('title: T\nslug: -dash\ndescription: d')), 'slug').reason).toContain('"-dash"');
  });

  test('several problems in one file are all reported', () => {
    const result = parseFrontMatter('bad.md', md('title: ""\nslug: a b\ntype: blog\ndraft: maybe\ncolour: red'));
    expect(
      problems(result)
        .map((p) => p.field)
        .sort(),
    ).toEqual(['colour', 'description', 'draft', 'slug', 'title', 'type']);
  });
});

describe("YAML errors: the file's own line and column, and the likely cause", () => {
  /** The one problem of a file whose front matter is `fm`, formatted as the upload prints it. */
  const yamlError = (fm: string) => {
    const found = problems(parseFrontMatter('news-x.md', md(fm)));
    expect(found).toHaveLength(1);
    return formatProblem(found[0]!);
  };

  test('an unclosed double quote points at the quote, not at the next line where parsing broke', () => {
    expect(yamlError('title: "Big news\nslug: s\ndescription: d')).toBe(
      'news-x.md:2:8: front matter: unreadable YAML: the " that opens this value is never closed on its line ' +
        '(the YAML parser: deficient indentation at line 3, column 1)\n' +
        '  hint: Close the quote at the end of the value. [yaml-unclosed-quote]',
    );
  });

  test('an unclosed quote on the last field, and a single quote', () => {
    expect(yamlError('title: T\nslug: s\ndescription: "d')).toMatch(
      /^news-x\.md:4:14: front matter: unreadable YAML: the " that opens this value is never closed/,
    );
    expect(yamlError("title: 'It''s here\nslug: s\ndescription: d")).toMatch(/^news-x\.md:2:8: .*the ' that opens this value/);
  });

  test('a quoted value continued on an indented line is valid YAML', () => {
    expect(parsed(parseFrontMatter('a.md', md('title: "Big\n  news"\nslug: s\ndescription: d'))).attributes.title).toBe('Big news');
  });

  test('a colon inside an unquoted value', () => {
    expect(yamlError('title: Race Element: version 2\nslug: s\ndescription: d')).toMatch(
      /^news-x\.md:2:20: front matter: unreadable YAML: a colon followed by a space inside an unquoted value\n {2}hint: Put the whole value in double quotes/,
    );
  });

  test('text after a closing quote', () => {
    expect(yamlError('title: "Race Element" rocks\nslug: s\ndescription: d')).toMatch(/^news-x\.md:2:8: .*text after the closing quote/);
  });

  test('a field written twice names both lines', () => {
    expect(yamlError('title: A\nslug: s\ntitle: B\ndescription: d')).toMatch(
      /^news-x\.md:4:1: .*the field "title" is written twice \(first on line 2\)/,
    );
  });

  test('a tab, an indented field, a line without a colon, an unclosed list, a leading @', () => {
    expect(yamlError('title: A\n\tslug: s\ndescription: d')).toMatch(/^news-x\.md:3:1: .*a tab character indents this line/);
    expect(yamlError('title: A\n  slug: s\ndescription: d')).toMatch(/^news-x\.md:3:1: .*this line is indented/);
    expect(yamlError('title A\nslug: s\ndescription: d')).toMatch(/^news-x\.md:2:1: .*not a "field: value" pair \(no colon\)/);
    expect(yamlError('title: [unclosed\nslug: s\ndescription: d')).toMatch(/^news-x\.md:2:8: .*starting with \[ is a YAML list/);
    expect(yamlError('title: @racer\nslug: s\ndescription: d')).toMatch(/^news-x\.md:2:8: .*starts with @/);
  });

  test('Windows line endings count lines the same way', () => {
    const found = problems(parseFrontMatter('a.md', '---\r\ntitle: "T\r\nslug: s\r\ndescription: d\r\n---\r\nText\r\n'));
    expect(found[0]).toMatchObject({ line: 2, column: 8 });
  });

  test('the body starts on the line after the closing ---; each field value has its place', () => {
    expect(parsed(parseFrontMatter('a.md', guide())).bodyLine).toBe(7);
    expect(parsed(parseFrontMatter('a.md', guide())).fieldPlaces).toEqual({
      title: { line: 2, column: 8 },
      slug: { line: 3, column: 7 },
      description: { line: 4, column: 14 },
      type: { line: 5, column: 7 },
    });
  });
});

describe('positions: every problem at file:line:column', () => {
  const placeOf = (source: string, field: string) => {
    const { line, column } = problemOn(parseFrontMatter('a.md', source), field);
    return `${line}:${column}`;
  };

  test("a written but wrong value: its value's line and column, quoted or not", () => {
    expect(placeOf(md('title: T\nslug: two words\ndescription: d'), 'slug')).toBe('3:7');
    expect(placeOf(md('title: T\nslug:   "a/b"\ndescription: d'), 'slug')).toBe('3:9');
    expect(placeOf(news('2024-02-30'), 'date')).toBe('6:7');
    expect(placeOf(md('title: [1, 2]\nslug: s\ndescription: d'), 'title')).toBe('2:8');
    expect(placeOf(md('title: T\nslug:\ndescription: d'), 'slug')).toBe('3:1');
  });

  test('an unknown field: its name', () => {
    expect(placeOf(guide('\nauthor: Reinier'), 'author')).toBe('6:1');
  });

  test("a missing field: the front matter's own line, the opening ---", () => {
    expect(placeOf(md('title: T\nslug: s'), 'description')).toBe('1:1');
    expect(placeOf(md('title: T\nslug: s\ndescription: d\ntype: news'), 'date')).toBe('1:1');
  });

  test('Windows line endings count the same', () => {
    const source = '---\r\ntitle: T\r\nslug: a b\r\ndescription: d\r\n---\r\nText\r\n';
    expect(placeOf(source, 'slug')).toBe('3:7');
  });
});

describe('one mistake, one problem', () => {
  const fields = (source: string) => problems(parseFrontMatter('a.md', source)).map((p) => `${p.field}: ${p.code}`);

  test('a bad type on a dated entry: the type only, no knock-on about the date', () => {
    expect(fields(md('title: T\nslug: s\ndescription: d\ntype: nwes\ndate: 2024-09-24'))).toEqual(['type: type-unknown']);
  });

  test('a bad date on a guide is one problem on the date', () => {
    expect(fields(guide('\ndate: 24/09/2024'))).toEqual(['date: date-invalid']);
  });

  test('a missing title does not also make the description "the same as the title"', () => {
    expect(fields(md('slug: s\ndescription: d'))).toEqual(['title: field-missing']);
  });
});

describe('the description', () => {
  test('empty: named at its value, with what to write', () => {
    const [problem] = problems(parseFrontMatter('a.md', md('title: Title\nslug: s\ndescription: ""')));
    expect(formatProblem(problem!)).toMatch(/^a\.md:4:14: description: empty\n {2}hint: Write one sentence/);
  });

  test('the same as the title, ignoring case and spaces around it', () => {
    const [problem] = problems(parseFrontMatter('a.md', md('title: Get Started\nslug: s\ndescription: " get started "')));
    expect(problem).toMatchObject({ field: 'description', code: 'description-is-title', line: 4, column: 14 });
  });

  test('written without a value (YAML null) it is empty, not missing', () => {
    expect(problemOn(parseFrontMatter('a.md', md('title: T\nslug: s\ndescription:')), 'description').code).toBe('description-empty');
  });
});

describe('formatProblem', () => {
  const problem = { file: 'news.md', field: 'date', code: 'date-missing', reason: 'r', hint: 'h' } as const;

  test('prints file: field: reason, then the hint and the code', () => {
    expect(formatProblem(problem)).toBe('news.md: date: r\n  hint: h [date-missing]');
  });

  test('prints file:line:column when known', () => {
    expect(formatProblem({ ...problem, line: 6 })).toBe('news.md:6: date: r\n  hint: h [date-missing]');
    expect(formatProblem({ ...problem, field: 'body', line: 12, column: 3 })).toMatch(/^news\.md:12:3: body: r\n/);
  });

  test('formats a parsed problem with its catalogue words', () => {
    const [found] = problems(parseFrontMatter('news-x.md', md('title: T\nslug: s\ndescription: d\ntype: news')));
    expect(formatProblem(found!)).toBe(
      'news-x.md:1:1: date: missing: news entries need an ISO date (YYYY-MM-DD)\n' +
        '  hint: Add e.g. date: 2025-01-15; a later date, or a time with its zone, schedules the post. [date-missing]',
    );
  });
});
