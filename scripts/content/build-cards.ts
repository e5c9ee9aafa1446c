/**
 * One social card per article, drafts included (a preview link shows the card the post will be
 * published with). A card's key is the sha256 of its inputs (title, section, date: card-design.ts)
 * and of the maker's digest (design version, fonts, icon), so an article whose card would look
 * the same keeps the same key and URL: the upload's plan then finds it in KV and writes nothing,
 * and the cache spares drawing it again (a drawing takes a few tenths of a second).
 *
 * Pure, but for what the maker does: draw (card-render.ts) and read and write its cache
 * (card-cache.ts).
 */
import { createHash } from 'node:crypto';
import { mediaKey } from '../../contracts/kv-keys.ts';
import { mediaUrl } from '../../contracts/media.ts';
import { CARD_HEIGHT, CARD_WIDTH, cardAlt, type SocialCard } from '../../contracts/social-card.ts';
import type { BuiltEntry } from './build-entries.ts';
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

export function cardHash(inputs: CardInputs, digest: string): string {
  return createHash('sha256')
    .update(JSON.stringify([digest, inputs.title, inputs.section, inputs.date]))
    .digest('hex');
}

export async function buildCards(entries: readonly BuiltEntry[], maker: CardMaker): Promise<BuiltCards> {
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
    }
    byHash.set(hash, bytes);
    const card: SocialCard = { url: mediaUrl(hash, 'png'), width: CARD_WIDTH, height: CARD_HEIGHT, alt: cardAlt(inputs.title) };
    cards.set(entry.value.file, { file: entry.value.file, hash, key: mediaKey(hash, 'png'), card, bytes });
  }
  return { cards, drawn };
}
