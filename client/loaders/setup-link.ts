/**
 * SetupLink payloads: `/setup?link=<payload>` hands `<payload>` to the desktop app as `RaceElement://setup=<payload>`.
 * Pure.
 */
const PAYLOAD = /^[A-Za-z0-9+/=_-]+$/;
/** Setups zip to a few KB; a link longer than this is not one of ours. */
const MAX_PAYLOAD_LENGTH = 16_384;

export type SetupLinkResult = { appUrl: string; problem: null } | { appUrl: null; problem: string | null };

/**
 * The app's URL for a link (URL-safe base64 of a zipped setup), or why not. Only that alphabet passes, so nothing
 * else can ride into the app's protocol handler, and it is re-encoded here.
 */
export function setupAppUrl(link: string | null): SetupLinkResult {
  if (link === null || link === '') return { appUrl: null, problem: null };
  if (link.length > MAX_PAYLOAD_LENGTH) return { appUrl: null, problem: 'This SetupLink is too long to be valid.' };
  if (!PAYLOAD.test(link))
    return { appUrl: null, problem: 'This SetupLink is damaged: it contains characters a setup never has. Ask for the link again.' };
  return { appUrl: `RaceElement://setup=${encodeURIComponent(link)}`, problem: null };
}
