/**
 * SetupLink payloads: `/setup?link=<payload>` hands `<payload>` to the desktop app as
 * `RaceElement://setup=<payload>`. The payload is URL-safe base64 text of a zipped setup; we
 * accept only that alphabet (so nothing else can ride into the app's protocol handler) and
 * re-encode it ourselves.
 */
const PAYLOAD = /^[A-Za-z0-9+/=_-]+$/;
/** Setups zip to a few KB; a link longer than this is not one of ours. */
const MAX_PAYLOAD_LENGTH = 16_384;

export type SetupLinkResult = { appUrl: string; problem: null } | { appUrl: null; problem: string | null };

export function setupAppUrl(link: string | null): SetupLinkResult {
  if (link === null || link === '') return { appUrl: null, problem: null };
  if (link.length > MAX_PAYLOAD_LENGTH) return { appUrl: null, problem: 'This SetupLink is too long to be valid.' };
  if (!PAYLOAD.test(link))
    return { appUrl: null, problem: 'This SetupLink is damaged: it contains characters a setup never has. Ask for the link again.' };
  return { appUrl: `RaceElement://setup=${encodeURIComponent(link)}`, problem: null };
}
