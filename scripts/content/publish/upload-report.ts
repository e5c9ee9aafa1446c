/** What an upload prints about its plan: a line per entry, sample and image, one for the social cards, and the summary. Pure. */
import type { UploadPlan } from './plan-upload.ts';

/**
 * A line per entry, sample, image of content/media/ and image shown through the Worker; the cards, many and derived, in
 * one line: how many KV lacked (written), how many were drawn (the rest came from the cache, or two articles share one).
 */
export function planLines(plan: UploadPlan, dryRun: boolean, drawn: number | null): string[] {
  const cards = plan.cards ?? [];
  const written = cards.filter((c) => c.status === 'written').length;
  const cardsLine = (n: number) =>
    `cards     ${cards.length} social card(s): ${dryRun ? 'would write' : 'wrote'} ${written}, ${cards.length - written} unchanged; drew ${n}, ${cards.length - n} from the cache`;
  return [
    ...plan.entries.map((e) => `${e.status.padEnd(9)} ${e.file} → ${e.slug}`),
    ...plan.samples.map((s) => `${s.status.padEnd(9)} samples/${s.path}`),
    ...(plan.media ?? []).map((m) => `${m.status.padEnd(9)} media/${m.name} → ${m.url}`),
    ...(plan.remoteImages ?? []).map((r) => `${r.status.padEnd(9)} ${r.url} → ${r.path} (fetched by the Worker)`),
    ...(drawn === null ? [] : [cardsLine(drawn)]),
  ];
}

export function summaryLine(plan: UploadPlan, dryRun: boolean, warnings: number): string {
  const written = plan.entries.filter((e) => e.status === 'written').length;
  const { version } = plan.manifest;
  // The root (contracts/site-index.ts) is what every request that misses the isolate's memo reads.
  const kb = Math.ceil(new TextEncoder().encode(JSON.stringify(plan.root ?? '')).length / 1024);
  const manifestNote = plan.manifestChanged ? `manifest v${version} (${kb} KB)` : `the site is unchanged (version ${version})`;
  return (
    `${dryRun ? 'Dry run: ' : ''}${plan.entries.length} entries: ${dryRun ? 'would write' : 'wrote'} ${written}, ${plan.entries.length - written} unchanged; ` +
    `${plan.drafts.length > 0 ? `${plan.drafts.length} draft(s); ` : ''}${plan.samples.length} samples; ` +
    `${plan.media?.length ? `${plan.media.length} image(s); ` : ''}${manifestNote}; ${dryRun ? 'would delete' : 'deleted'} ${plan.deletes.length} stale key(s).` +
    (warnings > 0 ? ` ${warnings} warning(s) above (--strict stops on them).` : '')
  );
}
