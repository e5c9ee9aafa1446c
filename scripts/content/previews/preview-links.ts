/** The lines an upload prints for drafts: each one's signed preview link (contracts/preview-token.ts), or why none. Pure but the HMAC. */
import type { ManifestEntry } from '../../../contracts/kv-values.ts';
import { PREVIEW_PARAM, signPreview } from '../../../contracts/preview-token.ts';
import { articlePath } from '../../../contracts/routes.ts';

export interface PreviewOptions {
  /** The Worker's origin: SITE_URL remotely, the running `npm start`'s locally; null when none runs. */
  origin: string | null;
  /** The Worker's PREVIEW_SECRET; null when the upload does not know it (no links then). */
  secret: string | null;
  days: number;
  /** Why there is no secret, printed instead of the links. */
  missingSecret?: string;
}

/** A line per draft: its signed preview link and until when it works, or why it has none. */
export async function draftLines(drafts: readonly ManifestEntry[], options: PreviewOptions, now: Date): Promise<string[]> {
  const expires = new Date(now.getTime() + options.days * 86_400_000);
  const until = `this link works until ${utcMinute(expires.toISOString())}${whereItOpens(options.origin)}`;
  return Promise.all(
    drafts.map(async (draft) => {
      if (options.secret === null) return `draft     ${draft.file}: no preview link (${options.missingSecret ?? 'no PREVIEW_SECRET'})`;
      const path = articlePath(draft.type === 'news' ? 'news' : 'guide', draft.slug);
      const token = await signPreview(options.secret, path, Math.floor(expires.getTime() / 1000));
      return `draft     ${draft.file} → ${options.origin ?? ''}${path}?${PREVIEW_PARAM}=${token} (not public; ${until})`;
    }),
  );
}

/** `2026-12-02 21:14 UTC`: when a link stops working. */
export const utcMinute = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** After a link printed as a path, for want of a running server: the token signs the path alone, so any port serves it. */
export const whereItOpens = (origin: string | null): string => (origin === null ? ", on `npm start`'s address once it runs" : '');
