/**
 * The faults of a bad day at the edge, each injected into a fresh site (fault-site.ts) through the real upload and the
 * stand-ins, and what came of it: survived or not, seconds until every page was fresh after the fault cleared, anything
 * lost, and whether the maintainer was told what is live and the command that fixes it. I/O: workerd, timers.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MANIFEST_KEY } from '../../contracts/kv-keys.ts';
import { type FaultSite, type PublishResult, startFaultSite } from './fault-site.ts';

export interface FaultRow {
  fault: string;
  survived: boolean;
  /** Seconds from the fault clearing to the last second any page showed an older edition (0: none after it). */
  freshAfterS: number | null;
  lost: string;
  /** Whether the maintainer's messages named what is live and the command that fixes it ('–': nothing to tell). */
  told: 'yes' | 'no' | '–';
  notes: string;
  /** What the maintainer was shown about the fault: the upload's lines that speak of it. */
  said: string[];
}

/** How long a site may take to be fresh before the fault counts as not survived. */
const CAP_MS = 12 * 60_000;
/** What is live, as the messages say it ("v2 is live", "the site still serves version 1"). */
const TOLD = /\blive\b|serves version/i;
/** A command named outright, or the one just run ("run the same command again", "Run the upload again"). */
const COMMAND = /npm run upload|run the same command again|run the upload again/i;

/** The lines of an upload that speak of a fault: a purge queued or refused, a failure, the lock. */
const about = (lines: readonly string[]) =>
  lines.filter((l) => /queued|refus|fail|lock|live|stopp|planned against|--purge|--rollback/i.test(l));

/** Whether `lines` name what is live and a command; '–' when the upload had nothing to report. */
const told = (lines: readonly string[], needed: boolean): FaultRow['told'] =>
  !needed ? '–' : lines.some((l) => TOLD.test(l)) && lines.some((l) => COMMAND.test(l)) ? 'yes' : 'no';

/**
 * Probes as a visitor until every page shows edition `n` and the Worker's purge queue is empty, then for one more
 * probe: the last second (from `clearedAt`) a page was stale, or null if never fresh within CAP_MS.
 */
export async function watch(site: FaultSite, n: number, clearedAt: () => number | null): Promise<number | null> {
  const started = Date.now();
  let lastStale = started;
  let freshSince: number | null = null;
  while (Date.now() - started < CAP_MS) {
    const stale = await site.stale(n);
    if (stale.length > 0) {
      lastStale = Date.now();
      freshSince = null;
    } else {
      freshSince ??= Date.now();
      const cleared = clearedAt();
      if (cleared !== null && (await site.queue()).waiting === 0 && Date.now() - freshSince > 5_000)
        return Math.max(0, lastStale - cleared) / 1000;
    }
    await sleep(2_000);
  }
  return null;
}

type Scenario = {
  fault: string;
  run(site: FaultSite): Promise<Omit<FaultRow, 'fault' | 'said'> & { said?: string[] }>;
  brokenAnalytics?: boolean;
};

/** A publish that ended (not stopped), else an error naming the fault. */
function ended(result: PublishResult, fault: string): PublishResult {
  if (result.stopped) throw new Error(`${fault}: the upload stopped where no stop was asked for`);
  return result;
}

/** Publishes again until the lock a stopped upload left has lapsed; the refusals' lines. */
async function publishUntilTaken(site: FaultSite, n: number): Promise<{ result: PublishResult; refused: string[] }> {
  const refused: string[] = [];
  for (;;) {
    const result = ended(await site.publish(n), 'republish');
    if (result.ok) return { result, refused };
    refused.push(result.lines.at(-1) ?? '');
    await sleep(10_000);
  }
}

/** The row of a fault the publish itself goes through: it must end well, and every page be fresh after. */
const publishedRow = (site: FaultSite, result: PublishResult, fresh: number | null) => ({
  survived: result.ok && fresh !== null,
  freshAfterS: fresh,
  lost: 'nothing',
  told: told(result.lines, true),
  said: about(result.lines),
  notes: notes(site),
});

export const SCENARIOS: Scenario[] = [
  {
    fault: 'a purge refused once',
    async run(site) {
      site.network.limits.refuseNext(1);
      const result = ended(await site.publish(2), this.fault);
      const clearedAt = Date.now();
      const fresh = await watch(site, 2, () => clearedAt);
      return publishedRow(site, result, fresh);
    },
  },
  {
    fault: 'purges rate-limited for two minutes',
    async run(site) {
      const clearedAt = Date.now() + 120_000;
      site.network.limits.refuseUntil(clearedAt);
      const result = ended(await site.publish(2), this.fault);
      const fresh = await watch(site, 2, () => (Date.now() >= clearedAt ? clearedAt : null));
      return publishedRow(site, result, fresh);
    },
  },
  ...(['after-entries', 'after-manifest', 'after-purge-request'] as const).map(
    (point): Scenario => ({
      fault: `the uploader killed ${point.replaceAll('-', ' ')}`,
      async run(site) {
        site.faults.stopAt = point;
        const stopped = await site.publish(2);
        if (!stopped.stopped) throw new Error(`the upload was to stop ${point}, but it ended`);
        site.faults.stopAt = null;
        const clearedAt = Date.now();
        // Only an upload stopped before its manifest leaves something to publish again: the maintainer reruns it.
        const again = point === 'after-entries' ? await publishUntilTaken(site, 2) : null;
        const fresh = await watch(site, 2, () => clearedAt);
        const lost = again?.result.ok === false ? 'the edition' : 'nothing';
        const told_ = again ? told(again.refused, again.refused.length > 0) : '–';
        const extra = again ? `; rerun refused ${again.refused.length}× while the stopped upload's lock ran` : '';
        const said = [...about(stopped.lines), ...(again?.refused ?? [])];
        return { survived: fresh !== null, freshAfterS: fresh, lost, told: told_, notes: notes(site) + extra, said };
      },
    }),
  ),
  {
    fault: 'KV writes failing',
    async run(site) {
      site.faults.failWrites = true;
      const failed = ended(await site.publish(2), this.fault);
      site.faults.failWrites = false;
      const clearedAt = Date.now();
      const rerun = ended(await site.publish(2), this.fault);
      const fresh = await watch(site, 2, () => clearedAt);
      const survived = !failed.ok && rerun.ok && fresh !== null;
      return {
        survived,
        freshAfterS: fresh,
        lost: rerun.ok ? 'nothing' : 'the edition',
        told: told(failed.lines, true),
        said: about(failed.lines),
        notes: notes(site),
      };
    },
  },
  {
    fault: 'KV reads lagging 90 s',
    async run(site) {
      site.faults.lagMs = 90_000;
      const result = ended(await site.publish(2), this.fault);
      let clearedAt: number | null = null;
      void site.replicated().then(() => {
        clearedAt = Date.now();
        site.faults.lagMs = 0;
      });
      const fresh = await watch(site, 2, () => clearedAt);
      return { survived: result.ok && fresh !== null, freshAfterS: fresh, lost: 'nothing', told: '–', notes: notes(site) };
    },
  },
  {
    fault: 'a malformed manifest in KV',
    async run(site) {
      await Promise.all([
        site.central.put(MANIFEST_KEY, '{"version": 7, "entries": ['),
        site.worker.store.put(MANIFEST_KEY, '{"version": 7'),
      ]);
      const during = await site.stale(1);
      const fix = ended(await site.publish(2), this.fault);
      const clearedAt = Date.now();
      const fresh = await watch(site, 2, () => clearedAt);
      const half = during.length > 0 ? `; ${during.length} path(s) not a whole current page while it was broken` : '';
      return {
        survived: fix.ok && fresh !== null,
        freshAfterS: fresh,
        lost: fix.ok ? 'nothing' : 'the edition',
        told: fix.ok ? '–' : told(fix.lines, true),
        notes: notes(site) + half,
        said: about(fix.lines),
      };
    },
  },
  {
    fault: 'one route throwing (the page-view counter)',
    brokenAnalytics: true,
    async run(site) {
      // The analytics page reads the counter, whose every call throws: a whole error page, and no other page touched.
      const answer = await site.worker.fetch('/analytics');
      const html = await answer.text();
      const whole = html.trimEnd().endsWith('</html>') && !/\n\s+at [\w.<>]+ \(/.test(html);
      const result = ended(await site.publish(2), this.fault);
      const clearedAt = Date.now();
      const fresh = await watch(site, 2, () => clearedAt);
      const survived = whole && result.ok && fresh !== null;
      return { survived, freshAfterS: fresh, lost: 'nothing', told: '–', notes: `/analytics answered a whole page, ${answer.status}` };
    },
  },
  {
    fault: 'ten publishes within two minutes',
    async run(site) {
      const outcomes: PublishResult[] = [];
      const started = Date.now();
      for (let n = 2; n <= 11; n++) {
        await sleep(Math.max(0, started + (n - 2) * 12_000 - Date.now()));
        outcomes.push(ended(await site.publish(n), this.fault));
      }
      const clearedAt = Date.now();
      const fresh = await watch(site, 11, () => clearedAt);
      const clear = outcomes.filter((o) => o.ok && o.lines.some((l) => /purged now|queued|purges at/i.test(l))).length;
      const survived = outcomes.every((o) => o.ok) && fresh !== null;
      return {
        survived,
        freshAfterS: fresh,
        lost: 'nothing',
        told: '–',
        notes: `${notes(site)}; ${clear} of 10 said purged or queued and when`,
      };
    },
  },
];

/** The purge requests the stand-in saw: made, refused. */
export function notes(site: FaultSite): string {
  const refused = site.network.purges.filter((p) => !p.result.success).length;
  return `${site.network.purges.length} purge requests, ${refused} refused`;
}

/** Runs `scenario` on a fresh site whose edition 1 is published and fresh everywhere. */
export async function runScenario(scenario: Scenario, log: (line: string) => void): Promise<FaultRow> {
  const site = await startFaultSite({ brokenAnalytics: scenario.brokenAnalytics ?? false });
  try {
    const first = await site.publish(1);
    if (!first.ok) throw new Error(`the first publish failed: ${first.lines.at(-1)}`);
    if ((await watch(site, 1, () => Date.now())) === null) throw new Error('the first publish never showed');
    site.network.purges.length = 0;
    log(`fault: ${scenario.fault}`);
    return { said: [], fault: scenario.fault, ...(await scenario.run(site)) };
  } catch (error) {
    return {
      fault: scenario.fault,
      survived: false,
      freshAfterS: null,
      lost: '?',
      told: 'no',
      notes: `error: ${(error as Error).message}`,
      said: [],
    };
  } finally {
    await site.close();
  }
}
