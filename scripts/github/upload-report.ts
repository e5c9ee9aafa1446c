/**
 * What `npm run upload` tells a GitHub Actions job: step outputs (GITHUB_OUTPUT) and a job summary
 * (GITHUB_STEP_SUMMARY); nothing outside Actions. I/O: appends to those files; the lines are pure.
 */
import { appendFileSync } from 'node:fs';

/** The tags handed the Worker to purge (none when no page changed), whether it purged them now, and whether it purges again. */
export interface CachePurge {
  tags: number;
  again: boolean;
  /** False: the cache's purge limits made the Worker queue the purge, which it carries out itself. */
  now?: boolean;
}

export type RunReport =
  | {
      ok: true;
      command: 'upload';
      dryRun: boolean;
      version: number;
      changed: boolean;
      entriesWritten: number;
      entries: number;
      /** Null: a local upload with no `npm start` running to name. */
      url: string | null;
      purged?: CachePurge;
    }
  | { ok: true; command: 'rollback'; version: number; restored: number; entries: number; url: string | null; purged?: CachePurge }
  | {
      ok: true;
      command: 'preview';
      name: string;
      version: number;
      entriesWritten: number;
      entries: number;
      url: string;
      /** ISO time at which the link stops working. */
      expires: string;
    }
  | { ok: true; command: 'remove-preview'; name: string }
  | { ok: true; command: 'read' }
  | { ok: false; command: Command; reason: string };
type Command = 'upload' | 'rollback' | 'preview' | 'remove-preview' | 'read';

const FAILED: Record<Command, string> = {
  upload: 'Publish failed',
  rollback: 'Rollback failed',
  preview: 'Preview failed',
  'remove-preview': 'Removing the preview failed',
  read: 'Command failed',
};

/** Where a version is live: at the site's address, or in a local state no `npm start` serves now. */
const liveAt = (url: string | null): string => (url ? `live at ${url}` : "live in the local state, on `npm start`'s address once it runs");

/** `2026-12-02 21:14 UTC` */
const untilText = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The sentence on the cache in front of the Worker, after a version was made live. */
const purgeText = (purged: CachePurge | undefined): string =>
  !purged
    ? ''
    : purged.tags === 0
      ? ' No page had changed: nothing was purged from the cache in front of the Worker.'
      : ` The manifest and the pages that changed (${purged.tags} tag(s)) ${purged.now === false ? 'were queued by the Worker, which purges them from the cache in front of it as soon as its purge limits allow' : 'were purged from the cache in front of the Worker'}${purged.again ? ', and it purges them again once every data centre reads the new manifest' : ''}.`;

/** The job summary's Markdown for one run. */
export function reportLines(report: RunReport): string[] {
  if (!report.ok) {
    // The reason says what the site serves now (publish-error.ts), or that nothing was written.
    return [`### ${FAILED[report.command]}`, '', '```text', report.reason.trim(), '```', ''];
  }
  if (report.command === 'read') return [];
  if (report.command === 'preview') {
    return [
      `### Preview ${report.name}`,
      '',
      `Version ${report.version} of the preview: ${report.entriesWritten} of ${report.entries} entries written; the public site is unchanged. Its link, working until ${untilText(report.expires)}: ${report.url}`,
      '',
    ];
  }
  if (report.command === 'remove-preview')
    return [`### Preview ${report.name} removed`, '', 'Its link now says the preview no longer exists.', ''];
  if (report.command === 'rollback') {
    return [
      '### Rolled back',
      '',
      `Version **${report.version}** is ${liveAt(report.url)}, with the content of version ${report.restored} (${report.entries} entries; no entry written).${purgeText(report.purged)}`,
      '',
    ];
  }
  if (report.dryRun)
    return ['### Dry run', '', `${report.entries} entries checked; ${report.entriesWritten} would be written. Nothing was published.`, ''];
  const what = report.changed
    ? `Version **${report.version}** is ${liveAt(report.url)}: ${report.entriesWritten} of ${report.entries} entries written.${purgeText(report.purged)}`
    : `Nothing changed: version **${report.version}** stays ${liveAt(report.url)} (${report.entries} entries).`;
  return ['### Published', '', what, ''];
}

/** `name=value` lines for GITHUB_OUTPUT (every value is one line). */
export function outputLines(report: RunReport): string[] {
  if (!report.ok) return ['outcome=failed'];
  if (report.command === 'read' || report.command === 'remove-preview') return ['outcome=ok'];
  const entries = report.command === 'rollback' ? 0 : report.entriesWritten;
  const expires = report.command === 'preview' ? [`expires=${untilText(report.expires)}`] : [];
  return [
    `outcome=${report.command === 'rollback' ? 'rolled-back' : 'ok'}`,
    `version=${report.version}`,
    `entries-written=${entries}`,
    `url=${report.url ?? ''}`,
    ...expires,
  ];
}

/** Appends the outputs and the summary where the environment says to; returns the files written. */
export function writeGithubReport(report: RunReport, env: NodeJS.ProcessEnv = process.env): string[] {
  const written: string[] = [];
  const output = env.GITHUB_OUTPUT;
  const summary = env.GITHUB_STEP_SUMMARY;
  if (output) {
    appendFileSync(output, `${outputLines(report).join('\n')}\n`);
    written.push(output);
  }
  const lines = reportLines(report);
  if (summary && lines.length > 0) {
    appendFileSync(summary, `${lines.join('\n')}\n`);
    written.push(summary);
  }
  return written;
}
