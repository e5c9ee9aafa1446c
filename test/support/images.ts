/** Real images for tests of what decodes them: made by sharp, a screenshot-sized one with noise. I/O: none but sharp. */
import sharp from 'sharp';
import { seededRandom } from '../../tools/seeded-random.ts';

/** A `width` × `height` PNG of two gradients, small like a diagram's. */
export async function gradientPng(width: number, height: number): Promise<Uint8Array> {
  return pixels(width, height, 0);
}

/**
 * A screenshot as a maintainer saves it: 2560 × 1440 by default, gradients and edges under noise, which PNG cannot
 * compress (about 5.5 MB, as a game's HUD with textures behind it is).
 */
export async function screenshotPng(width = 2560, height = 1440): Promise<Uint8Array> {
  return pixels(width, height, 5);
}

async function pixels(width: number, height: number, noise: number): Promise<Uint8Array> {
  const random = seededRandom(7);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = random() * noise;
      raw[i] = (x / width) * 200 + n;
      raw[i + 1] = (y / height) * 200 + n;
      raw[i + 2] = ((x ^ y) & 64 ? 180 : 60) + n;
    }
  }
  const png = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
