/** What an upload prints about its plan: a line per entry, sample and image, one for the social cards, the summary. Pure. */
import type { UploadPlan } from './plan-upload.ts';

/**
 * A line per entry, sample, image of content/media/ and image shown through the Worker, then one
 * for the cards (when any were made).
 */
export function planLines(plan: UploadPlan, dryRun: boolean, drawnCards: number | null): string[] {
  return [
    ...plan.entries.map((e) => `${e.status.padEnd(9)} ${e.file} → ${e.slug}`),
    ...plan.samples.map((s) => `${s.status.padEnd(9)} samples/${s.path}`),
    ...(plan.media ?? []).map((m) => `${m.status.padEnd(9)} media/${m.name} → ${m.url}`),
    ...(plan.remoteImages ?? []).map((r) => `${r.status.padEnd(9)} ${r.url} → ${r.path} (fetched by the Worker)`),
    ...(drawnCards === null ? [] : [cardsLine(plan, drawnCards, dryRun)]),
  ];
}

/**
 * One line for all the cards, which are many and derived: how many KV lacked (written), and how
 * many had to be drawn (the rest came from the cache, or were shared by two articles).
 */
function cardsLine(plan: UploadPlan, drawn: number, dryRun: boolean): string {
  const all = plan.cards ?? [];
  const written = all.filter((c) => c.status === 'written').length;
  return (
    `cards     ${all.length} social card(s): ${dryRun ? 'would write' : 'wrote'} ${written}, ${all.length - written} unchanged; ` +
    `drew ${drawn}, ${all.length - drawn} from the cache`
  );
}

export function summaryLine(plan: UploadPlan, dryRun: boolean, warnings: number): string {
  const written = plan.entries.filter((e) => e.status === 'written').length;
  const manifestNote = plan.manifestChanged ? `manifest v${plan.manifest.version}` : `the site is unchanged (version ${plan.manifest.version})`;
  return (
    `${dryRun ? 'Dry run: ' : ''}${plan.entries.length} entries: ${dryRun ? 'would write' : 'wrote'} ${written}, ${plan.entries.length - written} unchanged; ` +
    `${plan.drafts.length > 0 ? `${plan.drafts.length} draft(s); ` : ''}${plan.samples.length} samples; ` +
    `${plan.media?.length ? `${plan.media.length} image(s); ` : ''}${manifestNote}; ${dryRun ? 'would delete' : 'deleted'} ${plan.deletes.length} stale key(s).` +
    (warnings > 0 ? ` ${warnings} warning(s) above (--strict stops on them).` : '')
  );
}
