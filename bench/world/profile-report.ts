/** The two measurements of the Worker side by side, markdown: KV round trips per request kind before and after, and today's times. Pure. */
import { firstRequestExtraMs } from './serve-worker.ts';
import { REQUEST_KINDS, type Rounds, type WorkerProfile, workerMs } from './worker-profile.ts';

/** Round trips in sequence joined by →, the keys of one round trip by +. */
export const roundsText = (rounds: Rounds | undefined): string =>
  rounds === undefined ? 'not measured' : rounds.length === 0 ? 'none' : rounds.map((round) => round.join(' + ')).join(' → ');

export function profileTable(before: WorkerProfile, current: WorkerProfile): string {
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const ms = (v: number) => v.toFixed(1);
  const head = [
    'request kind',
    'path (fixture site)',
    `KV reads, cold isolate and cold KV cache: before (${before.measuredAt.slice(0, 10)})`,
    'after (today)',
    'warm, memo fresh: before / after',
    'warm, memo expired: before / after',
    "today's Worker ms: isolate page cache / data centre cache / rendered",
    "today's cold first request, beyond KV waits and a render, ms",
  ];
  return [
    row(head),
    row(head.map(() => '---')),
    ...REQUEST_KINDS.map((kind) => {
      const [b, c] = [before.kinds[kind], current.kinds[kind]];
      const own = (v: number) => ms(workerMs(current, v));
      return row([
        kind,
        `\`${c.path.slice(0, 48)}\``,
        roundsText(b?.cold.rounds),
        roundsText(c.cold.rounds),
        `${roundsText(b?.warm.rounds)} / ${roundsText(c.warm.rounds)}`,
        `${roundsText(b?.memoExpired.rounds)} / ${roundsText(c.memoExpired.rounds)}`,
        `${own(c.cpuMs.isolateHit)} / ${own(c.cpuMs.edgeHit)} / ${own(c.cpuMs.rendered)}`,
        ms(firstRequestExtraMs(current, kind)),
      ]);
    }),
    '',
    `Today's measurement: ${current.measuredAt.slice(0, 16)} UTC, ${current.machine}; start-up of a cold isolate (the bundle evaluated in V8) ${ms(current.startupMs)} ms; an empty Worker's warm request on the same runtime ${ms(current.baselineMs)} ms (subtracted). Before: ${before.measuredAt.slice(0, 16)} UTC, ${before.machine}; only its reads are used.`,
  ].join('\n');
}
