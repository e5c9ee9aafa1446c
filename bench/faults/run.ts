/**
 * `npm run bench -- --faults [--only <words>] [--parallel 4]`: every fault of scenarios.ts on a site of its own, four at a time, then
 * their table (docs/reliability.md, Faults). I/O: the built Worker in workerd; progress to stderr, the table to stdout,
 * every row to dist/faults.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ensureFreshBuild } from '../../scripts/dev/fresh-build.ts';
import { type FaultRow, runScenario, SCENARIOS } from './scenarios.ts';

const { values: args } = parseArgs({
  options: { only: { type: 'string' }, json: { type: 'string', default: 'dist/faults.json' }, parallel: { type: 'string', default: '4' } },
});
const chosen = SCENARIOS.filter((s) => !args.only || s.fault.includes(args.only));
if (chosen.length === 0) throw new Error(`no fault matches --only "${args.only}": ${SCENARIOS.map((s) => s.fault).join('; ')}`);

ensureFreshBuild({ purpose: 'the fault bench', log: (line) => console.error(line) });
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
// Each fault has a site of its own (a Worker, its stand-in and KV) and mostly waits on the Worker's timers: several at once.
const rows: FaultRow[] = new Array(chosen.length);
let next = 0;
const worker = async () => {
  while (next < chosen.length) {
    const i = next++;
    const row = await runScenario(chosen[i]!, log);
    log(`${row.fault}: ${row.survived ? 'survived' : 'NOT SURVIVED'}, fresh ${row.freshAfterS ?? '–'} s after it cleared (${row.notes})`);
    for (const line of row.said) log(`  the maintainer saw: ${line}`);
    rows[i] = row;
  }
};
await Promise.all(Array.from({ length: Math.max(1, Number(args.parallel)) }, worker));

const cell = (value: string | number | null) => (value === null ? '–' : String(value));
console.log('| fault | survived | every page fresh, s after it cleared | lost | told what is live and the fix | purges and notes |');
console.log('|---|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.fault} | ${r.survived ? 'yes' : '**no**'} | ${cell(r.freshAfterS)} | ${r.lost} | ${r.told} | ${r.notes} |`);
mkdirSync('dist', { recursive: true });
writeFileSync(args.json, `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`);
const failed = rows.filter((r) => !r.survived || r.freshAfterS === null);
console.log(`\n${rows.length - failed.length} passed, ${failed.length} failed`);
process.exitCode = failed.length > 0 ? 1 : 0;
