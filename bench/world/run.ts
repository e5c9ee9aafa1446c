/**
 * `npm run bench -- --world [--seeds 12] [--inputs file] [--json file] [--visits 1000,10000,1000000]`: the world model's
 * tables (bench/README.md, World model). I/O: reads the inputs, prints markdown, writes every figure as JSON.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { type Day, simulateDay } from './day.ts';
import { DEFAULT_INPUTS, readInputs, type Sizes } from './inputs.ts';
import { PARAMS, type Params } from './params.ts';
import { purgeDay } from './purge-bucket.ts';
import { burstTable, headline, parameterTable, sensitivityTable, verdicts } from './report.ts';
import { type Levels, variants } from './sensitivity.ts';

const { values: args } = parseArgs({
  options: {
    seeds: { type: 'string', default: '12' },
    inputs: { type: 'string', default: DEFAULT_INPUTS },
    json: { type: 'string', default: 'dist/world-results.json' },
    visits: { type: 'string', default: '1000,10000,1000000' },
  },
});
const seeds = Number(args.seeds);
const levels = args.visits.split(',').map(Number);
if (!(seeds >= 2) || levels.some((v) => !(v > 0))) throw new Error('--seeds takes 2 or more, --visits positive numbers');
const inputs = readInputs(args.inputs);
const sizes = inputs.sizes[0]!;

const run = (p: Params, s: Sizes): Levels =>
  new Map(levels.map((visits) => [visits, Array.from({ length: seeds }, (_, k) => simulateDay(p, s, visits, k + 1))]));
const base = run(PARAMS, sizes);
const vary = run({ ...PARAMS, varyCookie: true }, sizes);
const out = (text = '') => console.log(text);

out(`Inputs: ${args.inputs} (${sizes.entries} entries; ${inputs.command}, ${inputs.measuredAt})\n`);
for (const visits of levels) out(`${headline(visits, base.get(visits)!, vary.get(visits)!, PARAMS)}\n`);

const bursts = [5, 10, 30, 60, 120].map((gapS) => {
  const count = 10;
  const { publishes, requests } = purgeDay(Array.from({ length: count }, (_, k) => k * gapS * 1000));
  const latest = (at: (x: (typeof publishes)[number]) => number) => Math.max(...publishes.map((x) => (at(x) - x.at) / 1000));
  return { gapS, count, perPublish: requests / count, firstS: latest((x) => x.first), againS: latest((x) => x.pagesAgain) };
});
out(`Purges through the queue, against the purge bucket (25 requests, 5 more a minute):\n\n${burstTable(bursts)}\n`);

const headlineVerdicts = verdicts(base, PARAMS);
const rows = variants(PARAMS, sizes).map((v) => ({ ...v, verdicts: verdicts(run(v.params, v.sizes), v.params) }));
out(
  `Sensitivity: each input halved and doubled (booleans flipped), the conclusions over ${seeds} seeds:\n\n${sensitivityTable(headlineVerdicts, rows)}\n`,
);
out(`Parameters:\n\n${parameterTable(sizes, `${args.inputs} (${inputs.command}, ${inputs.measuredAt})`)}`);

const figures = (days: Day[]) => days.map(({ worker: _, static: __, ...rest }) => rest);
mkdirSync(dirname(args.json), { recursive: true });
writeFileSync(
  args.json,
  JSON.stringify({
    inputs: args.inputs,
    sizes,
    levels: levels.map((visits) => ({ visits, worker: figures(base.get(visits)!), vary: figures(vary.get(visits)!) })),
    bursts,
    verdicts: headlineVerdicts,
    sensitivity: rows.map(({ input, change, verdicts }) => ({ input, change, verdicts })),
  }),
);
