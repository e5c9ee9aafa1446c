/** A made-up PNG for tests of what reads images: its signature and IHDR chunk, all that image-size reads. Pure. */

/** The start of a PNG file of `width` × `height`: signature and IHDR chunk, then `padding` zero bytes. */
export function png(width: number, height: number, padding = 0): Uint8Array {
  const bytes = new Uint8Array(33 + padding);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}
