/**
 * What `npm start`'s terminal shows of an upload's lines: a first publish in a screen, a save's news only.
 * Pure: lines in, lines out.
 */

/** More `written` lines than this on a first publish (a fresh state) are counted in one line. */
const WRITTEN_LISTED = 10;

/**
 * A first publish's upload lines in a screen: its `unchanged` lines counted in one line, its `written` lines too
 * when there are more than WRITTEN_LISTED (the upload's summary line counts entries, samples and images).
 */
export function firstPublishLines(lines: readonly string[]): string[] {
  const count = (prefix: string) => lines.filter((line) => line.startsWith(prefix)).length;
  const summaries = new Map<string, string>([['unchanged ', `unchanged ${count('unchanged ')} file(s), as the local state has them`]]);
  if (count('written ') > WRITTEN_LISTED) summaries.set('written ', `written   ${count('written ')} file(s)`);
  return lines.flatMap((line) => {
    const prefix = [...summaries.keys()].find((p) => line.startsWith(p));
    if (prefix === undefined) return [line];
    const summary = summaries.get(prefix);
    // The summary takes the place of the first line it counts.
    summaries.set(prefix, '');
    return summary ? [summary] : [];
  });
}

/** The file a `warning: file:line:column: …` line names; undefined for any other line. */
const warnedFile = (line: string): string | undefined => /^warning: ([^:\n]+)/.exec(line)?.[1];

/** The warning lines (each with its hint) among an upload's lines. */
export const warningLines = (lines: readonly string[]): Set<string> => new Set(lines.filter((line) => warnedFile(line) !== undefined));

/**
 * Of a save's upload lines, those worth printing: what was written or copied, and the warnings,
 * draft links and schedules of the files it touched. A warning of another file is printed only
 * when `warnedBefore` (the last publish's warning lines) lacks it: it is new, not repeated.
 */
export function newsworthy(line: string, changed: readonly string[], warnedBefore: ReadonlySet<string> = new Set()): boolean {
  if (/^(written | {2}copied )/.test(line)) return true;
  const warned = warnedFile(line);
  if (warned !== undefined) return changed.includes(warned) || !warnedBefore.has(line);
  const file = /^(?:draft|scheduled) +([^ :]+)/.exec(line)?.[1];
  return file !== undefined && changed.includes(file);
}

/**
 * A save's upload lines as printed: the newsworthy ones and the summary, which then says how many
 * of its warnings were left out as printed before.
 */
export function saveLines(lines: readonly string[], changed: readonly string[], warnedBefore: ReadonlySet<string>): string[] {
  const shown = lines.filter((line, i) => i === lines.length - 1 || newsworthy(line, changed, warnedBefore));
  const held = lines.filter((line) => warnedFile(line) !== undefined && !shown.includes(line)).length;
  if (held === 0) return shown;
  const summary = shown.pop()!;
  const counted = summary.replace(
    / (\d+) warning\(s\) above /,
    (_, all: string) => ` ${all} warning(s): ${Number(all) - held} above, ${held} printed before for files this save did not touch `,
  );
  return [...shown, counted];
}
