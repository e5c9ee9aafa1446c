/** The lines an upload prints for drafts: each one's signed preview link (contracts/preview-token.ts), or why none. Pure but the HMAC. */
import type { ManifestEntry } from '../../../contracts/kv-values.ts';
import { PREVIEW_PARAM, signPreview } from '../../../contracts/preview-token.ts';
import { articlePath } from '../../../contracts/routes.ts';

export interface PreviewOptions {
  /** The origin the Worker answers on: SITE_URL remotely, the running `npm start`'s locally; null when none runs. */
  origin: string | null;
  /** The Worker's PREVIEW_SECRET; null when the upload does not know it (no links then). */
  secret: string | null;
  /** How long links work. */
  days: number;
  /** Why there is no secret, printed instead of the links. */
  missingSecret?: string;
}

/** A draft's signed link (null without a secret) and when it stops working. */
export type DraftLink = { file: string; url: string | null; expires: Date };

export async function previewLinks(drafts: readonly ManifestEntry[], options: PreviewOptions, now: Date): Promise<DraftLink[]> {
  const expires = new Date(now.getTime() + options.days * 86_400_000);
  const seconds = Math.floor(expires.getTime() / 1000);
  return Promise.all(
    drafts.map(async (draft) => {
      const path = articlePath(draft.type === 'news' ? 'news' : 'guide', draft.slug);
      if (options.secret === null) return { file: draft.file, url: null, expires };
      const token = await signPreview(options.secret, path, seconds);
      return { file: draft.file, url: `${options.origin ?? ''}${path}?${PREVIEW_PARAM}=${token}`, expires };
    }),
  );
}

/** `2026-12-02 21:14 UTC`: when a link stops working. */
export const utcMinute = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** After a link printed as a path, for want of a running server: the token signs the path alone, so any port serves it. */
export const whereItOpens = (origin: string | null): string => (origin === null ? ", on `npm start`'s address once it runs" : '');

export function formatDraftLink(link: DraftLink, options: PreviewOptions): string {
  if (link.url === null) return `draft     ${link.file}: no preview link (${options.missingSecret ?? 'no PREVIEW_SECRET'})`;
  return `draft     ${link.file} → ${link.url} (not public; this link works until ${utcMinute(link.expires.toISOString())}${whereItOpens(options.origin)})`;
}
