/**
 * "Did you mean …" for a 404: the published pages whose slug, title or file name come closest to what was asked for.
 * Pure.
 */
import { distance } from 'fastest-levenshtein';

export interface SlugCandidate {
  title: string;
  href: string;
  /** What a visitor may have meant to type, compared whole and word by word: slug, title. */
  names: string[];
  /** Compared whole only: a content file's name, whose `guide-` prefix says nothing. */
  aliases?: string[];
}

/** What a suggestion shows: a candidate's title, linking to its page. */
export type Suggestion = Pick<SlugCandidate, 'title' | 'href'>;

/** Below this score a candidate is not offered. */
const MIN_SCORE = 0.55;
/** Containment counts only for strings at least this long: `a` is in everything. */
const MIN_CONTAINED_LENGTH = 3;
/** Longer requests are cut: a pathological URL must not cost the Worker CPU time. */
const MAX_REQUEST_LENGTH = 80;
/** A match on one word of a name weighs less than a match on the whole name. */
const WORD_WEIGHT = 0.9;

/** Lower case, letters and digits only: `Multi_Sim`, `multi-sim` and "Multi-Sim" all read `multisim`. */
export const normalizeSlug = (value: string): string => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** 0 (nothing alike) to 1 (the same once normalised), for two normalised strings. */
export function similarity(a: string, b: string): number {
  if (a === '' || b === '') return 0;
  if (a === b) return 1;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  // Two swapped neighbours (`nwes`) are one slip of the fingers, not the two edits Levenshtein counts.
  let score = 1 - (isOneTransposition(a, b) ? 1 : distance(a, b)) / long.length;
  if (short.length >= MIN_CONTAINED_LENGTH) {
    const coverage = short.length / long.length;
    if (long.startsWith(short)) score = Math.max(score, 0.6 + 0.35 * coverage);
    else if (long.includes(short)) score = Math.max(score, 0.5 + 0.35 * coverage);
  }
  return score;
}

/**
 * At most `limit` candidates, best first, and only reasonably close ones. A pair scores its Levenshtein
 * similarity, raised when one contains or starts the other (`dsx-guide` → `DSX`); each word of a name counts too,
 * a little less.
 */
export function suggestSlugs(requested: string, candidates: readonly SlugCandidate[], limit = 3): Suggestion[] {
  const wanted = normalizeSlug(safeDecode(requested)).slice(0, MAX_REQUEST_LENGTH);
  if (wanted === '') return [];
  return (
    candidates
      .map((candidate, index) => ({
        candidate,
        index,
        score: Math.max(
          0,
          ...candidate.names.map((name) => nameScore(wanted, name)),
          ...(candidate.aliases ?? []).map((alias) => similarity(wanted, normalizeSlug(alias))),
        ),
      }))
      .filter((scored) => scored.score >= MIN_SCORE)
      // Best first; equal scores keep the candidates' own (display) order.
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, limit)
      .map(({ candidate }) => ({ title: candidate.title, href: candidate.href }))
  );
}

/**
 * The whole name, or the best of its words (three letters or more) at a slight discount. A
 * word only counts as a near-spelling or when the request starts it (`hud` → `huds`): a short
 * word found inside the request (`guide` in `no-such-guide`) says little.
 */
function nameScore(wanted: string, name: string): number {
  const words = name
    .split(/[^\p{L}\p{N}]+/u)
    .map(normalizeSlug)
    .filter((word) => word.length >= MIN_CONTAINED_LENGTH);
  return Math.max(similarity(wanted, normalizeSlug(name)), ...words.map((word) => WORD_WEIGHT * wordSimilarity(wanted, word)));
}

function wordSimilarity(wanted: string, word: string): number {
  const score = 1 - distance(wanted, word) / Math.max(wanted.length, word.length);
  if (wanted.length >= MIN_CONTAINED_LENGTH && word.length > wanted.length && word.startsWith(wanted)) {
    return Math.max(score, 0.6 + 0.35 * (wanted.length / word.length));
  }
  return score;
}

function isOneTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff = [...a].flatMap((char, i) => (char === b[i] ? [] : [i]));
  const [i, j] = diff;
  return diff.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
