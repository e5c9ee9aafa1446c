/**
 * Draws a social card to a 1200×630 PNG: satori lays it out as SVG, sharp rasterises it.
 * I/O: loadCardAssets reads the fonts and icon; satori and sharp load at the first drawing only.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ReactNode } from 'react';
import { CARD_HEIGHT, CARD_WIDTH } from '../../../contracts/social-card.ts';
import type { CardCache, CardMaker } from './build-cards.ts';
import { articleCard, BODY_FONT, CARD_DESIGN_VERSION, type CardNode, DISPLAY_FONT } from './card-design.ts';

/**
 * The display font of the site (client/styles.css --display) and, for the body font (a system
 * font stack on the site), Roboto, which that stack names. WOFF, not WOFF2: satori reads TTF, OTF
 * and WOFF only.
 */
const resolve = createRequire(import.meta.url).resolve;
const FONT_FILES = {
  display: resolve('@fontsource/russo-one/files/russo-one-latin-400-normal.woff'),
  body: resolve('@fontsource/roboto/files/roboto-latin-400-normal.woff'),
};
const ICON_FILE = fileURLToPath(new URL('../../../client/public/icon-512.png', import.meta.url));

export interface CardAssets {
  display: Uint8Array;
  body: Uint8Array;
  /** The icon as a data URL, as satori takes an image. */
  iconSrc: string;
  /** sha256 of the design version, both fonts and the icon: whatever changes a card besides its inputs. */
  digest: string;
}

export async function loadCardAssets(): Promise<CardAssets> {
  const [display, body, icon] = await Promise.all([readFile(FONT_FILES.display), readFile(FONT_FILES.body), readFile(ICON_FILE)]);
  const digest = createHash('sha256')
    .update(`${CARD_DESIGN_VERSION}\0`)
    .update(display)
    .update('\0')
    .update(body)
    .update('\0')
    .update(icon)
    .digest('hex');
  return { display, body, iconSrc: `data:image/png;base64,${icon.toString('base64')}`, digest };
}

/** What uploads draw articles' cards with (build-cards.ts), keeping them in `cache` when given. */
export async function satoriCardMaker(cache?: CardCache): Promise<CardMaker> {
  const assets = await loadCardAssets();
  return {
    digest: assets.digest,
    render: (inputs) => renderCard(articleCard(inputs, assets.iconSrc), assets),
    ...(cache ? { cache } : {}),
  };
}

/** The card as PNG bytes, CARD_WIDTH × CARD_HEIGHT. */
export async function renderCard(node: CardNode, assets: CardAssets): Promise<Uint8Array> {
  const [{ default: satori }, { default: sharp }] = await Promise.all([import('satori'), import('sharp')]);
  // satori takes React elements; CardNode has their shape without React.
  const svg = await satori(node as unknown as ReactNode, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: [
      { name: DISPLAY_FONT, data: toArrayBuffer(assets.display), weight: 400, style: 'normal' },
      { name: BODY_FONT, data: toArrayBuffer(assets.body), weight: 400, style: 'normal' },
    ],
  });
  // Full compression, no palette: the title's anti-aliased edges keep their colours.
  return new Uint8Array(await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
}

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
