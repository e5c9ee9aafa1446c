/**
 * `npx node bench/starlight/compare.ts [--runs 5] [--json <file>]`: the Starlight comparison of `npm run bench` alone.
 * I/O: as the comparison; writes the JSON file when asked; progress to stderr, results to stdout.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { compareWithStarlight } from './comparison.ts';
import { STARLIGHT_VERSIONS } from './install.ts';
import { starlightReport } from './report.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' }, json: { type: 'string' } }, strict: true });
const repeat = Number(args.runs);
if (!(repeat > 0)) {
  console.error('starlight-compare: --runs takes a positive number');
  process.exit(2);
}
const before = loadavg()[0]!;
const rows = await compareWithStarlight({ repeat, log: (line) => console.error(`· ${line}`) });
console.log(starlightReport(rows, repeat, [before, loadavg()[0]!]));
if (args.json) writeFileSync(args.json, JSON.stringify({ repeat, versions: STARLIGHT_VERSIONS, rows }, null, 2));
