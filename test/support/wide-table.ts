/**
 * A guide holding a table wider than a phone, for the tests of tables (browser, HTML checker):
 * the site's own content has none today. `extraEntries` uploads it next to content/.
 */
export const WIDE_TABLE_PATH = '/guide/wide-table';

export const WIDE_TABLE_ENTRY = {
  file: 'guide-wide-table.md',
  source: `---
title: "Chat Bot Commands at a Glance"
slug: wide-table
description: "A table wider than a phone"
type: guide
---

Each command with what it takes and what it answers.

| Command | Arguments | Example | Answers with | Works while |
|---|---|---|---|---|
| \`+p\` | an overall position | \`+p 1\` | race info on the car in that position | any session |
| \`+diff\` | ahead, behind, p n or # n | \`+diff ahead\` | lap and sector differences to that car | any session |
| \`+fuel\` | minutes, litres a lap, lap time | \`+fuel 60 3 2:10\` | the fuel for a stint of that length | any time |
| \`+damage\` | none | \`+damage\` | the repair time of the streamer's car | in the car only |

Text after the table.
`,
};
