/**
 * `node bench/starlight-compare.ts [--runs 5] [--json <file>]` (after `npm run build`): only the
 * Starlight comparison of `npm run bench` (starlight-comparison.ts), for repeating it alone.
 * Progress goes to stderr; the table, the load average and the verdicts to stdout.
 *
 * I/O: what the comparison does; writes the JSON file when asked.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { compareWithStarlight } from './starlight-comparison.ts';
import { STARLIGHT_VERSIONS } from './starlight-install.ts';
import { starlightReport } from './starlight-report.ts';

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
