/** XML text for the feed and the sitemap, well-formed whatever a maintainer writes in a title. Pure. */
const MARKUP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Safe in element content and in double- or single-quoted attribute values: the five markup characters as entities;
 * characters XML 1.0 forbids (C0 controls other than tab and newlines, lone surrogates, U+FFFE/U+FFFF) dropped.
 */
export const xmlText = (value: string): string => value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => MARKUP[c] ?? c);

/** `<name>text</name>`, the text escaped. */
export const element = (name: string, text: string): string => `<${name}>${xmlText(text)}</${name}>`;

/** Why a feed could not be built from the manifest (a value the Worker cannot format). */
export class FeedDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedDataError';
  }
}

/** An ISO time or calendar date from the manifest as an RFC 3339 UTC time, e.g. 2024-09-24T00:00:00.000Z. */
export function rfc3339(value: string, what: string): string {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) throw new FeedDataError(`${what} is not a valid date: ${JSON.stringify(value).slice(0, 60)}`);
  return new Date(time).toISOString();
}

/** The latest of RFC 3339 UTC times from `rfc3339` (same format, so they compare as strings); undefined for none. */
export const latest = (times: string[]): string | undefined =>
  times.reduce<string | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);
