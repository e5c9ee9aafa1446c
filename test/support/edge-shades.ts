/**
 * How orange the side edges of a sideways-scrolling box look, read from a screenshot's pixels (about 0 plain,
 * 40 or more shaded). I/O: scrolls and screenshots the element.
 */
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

/** Red minus blue at each side edge (client/styles.css `:is(pre, .diagram)`), averaged over rows of the top padding. */
export async function edgeShades(box: Locator): Promise<{ left: number; right: number }> {
  const { data, info } = await sharp(await box.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scale = info.width / (await box.evaluate((b) => b.getBoundingClientRect().width));
  const [top, bottom] = [Math.round(4 * scale), Math.round(12 * scale)];
  const orange = (x: number) => {
    let sum = 0;
    for (let y = top; y < bottom; y++) {
      const at = (y * info.width + x) * info.channels;
      sum += data[at]! - data[at + 2]!;
    }
    return sum / (bottom - top);
  };
  // Columns just inside a 1 px border, if the box has one.
  return { left: orange(Math.round(3 * scale)), right: orange(info.width - 1 - Math.round(3 * scale)) };
}

/** A box wider than its content scrolls: at the start only its right edge is shaded; at the end, only its left. */
export async function expectShadesToFollowScrolling(box: Locator): Promise<void> {
  expect(await box.evaluate((b) => b.scrollWidth - b.clientWidth)).toBeGreaterThan(0);
  const atStart = await edgeShades(box);
  expect(atStart.right).toBeGreaterThan(40);
  expect(atStart.left).toBeLessThan(10);
  await box.evaluate((b) => b.scrollTo({ left: b.scrollWidth }));
  const atEnd = await edgeShades(box);
  expect(atEnd.left).toBeGreaterThan(40);
  expect(atEnd.right).toBeLessThan(10);
}
