/**
 * One social card per article, drafts included, keyed by the hash of its inputs and of the maker's digest.
 * Pure but for the maker: drawing (card-render.ts) and its cache (card-cache.ts).
 */
import { createHash } from 'node:crypto';
import { mediaKey } from '../../../contracts/kv-keys.ts';
import { mediaUrl } from '../../../contracts/media.ts';
import { CARD_HEIGHT, CARD_WIDTH, cardAlt, type SocialCard } from '../../../contracts/social-card.ts';
import type { BuiltEntry } from '../build/build-entries.ts';
import { stageProgress } from '../progress.ts';
import { type CardInputs, cardInputs } from './card-design.ts';

/** Drawn cards by key; a miss is drawn again. */
export interface CardCache {
  get(hash: string): Promise<Uint8Array | undefined>;
  set(hash: string, png: Uint8Array): Promise<void>;
}

export interface CardMaker {
  /** sha256 of whatever shapes a card besides its inputs (card-render.ts loadCardAssets). */
  digest: string;
  /** The card as a CARD_WIDTH × CARD_HEIGHT PNG. */
  render(inputs: CardInputs): Promise<Uint8Array>;
  cache?: CardCache;
}

export interface BuiltCard {
  /** The article's content file. */
  file: string;
  hash: string;
  /** `media/<hash>.png`: stored and cleaned up like the images of content/media/. */
  key: string;
  /** What the manifest entry carries. */
  card: SocialCard;
  bytes: Uint8Array;
}

export interface BuiltCards {
  /** By content file name. */
  cards: Map<string, BuiltCard>;
  /** Cards drawn by this run; the others came from the cache. */
  drawn: number;
}

/** A card's key: the sha256 of its inputs and of the maker's digest (design version, fonts, icon). */
export function cardHash(inputs: CardInputs, digest: string): string {
  return createHash('sha256')
    .update(JSON.stringify([digest, inputs.title, inputs.section, inputs.date]))
    .digest('hex');
}

/** A card for each entry, drawn only when the maker's cache lacks its key. */
export async function buildCards(
  entries: readonly BuiltEntry[],
  maker: CardMaker,
  log: (line: string) => void = () => {},
): Promise<BuiltCards> {
  const progress = stageProgress(log, 'cards', entries.length, 'card');
  const cards = new Map<string, BuiltCard>();
  // Two articles whose cards would look the same share one: it is drawn once.
  const byHash = new Map<string, Uint8Array>();
  let drawn = 0;
  for (const entry of entries) {
    const inputs = cardInputs(entry.value.attributes);
    const hash = cardHash(inputs, maker.digest);
    let bytes = byHash.get(hash) ?? (await maker.cache?.get(hash));
    if (!bytes) {
      bytes = await maker.render(inputs);
      drawn++;
      await maker.cache?.set(hash, bytes);
      progress.advance();
    } else progress.advance(1, 1);
    byHash.set(hash, bytes);
    const card: SocialCard = { url: mediaUrl(hash, 'png'), width: CARD_WIDTH, height: CARD_HEIGHT, alt: cardAlt(inputs.title) };
    cards.set(entry.value.file, { file: entry.value.file, hash, key: mediaKey(hash, 'png'), card, bytes });
  }
  progress.end();
  return { cards, drawn };
}
