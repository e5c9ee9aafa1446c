/** Social cards kept between uploads (CardCache of build-cards.ts): one PNG per card key. Disk I/O. */

import { CACHE_ROOT, diskCache } from '../build/disk-cache.ts';
import type { CardCache } from './build-cards.ts';

const DEFAULT_CARD_CACHE_DIR = `${CACHE_ROOT}/race-element-render/cards`;

/** PNG files start with these 8 bytes: a torn or foreign file is not handed out as a card. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function diskCardCache(dir: string = DEFAULT_CARD_CACHE_DIR): CardCache {
  return diskCache<Uint8Array>(dir, {
    extension: 'png',
    encode: (png) => png,
    decode: (bytes) => (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte) ? bytes : undefined),
  });
}
