/**
 * The phone flow's content: a copy of content/ plus a guide with a maintainer's screenshot (a 2560×1440 PNG of a few MB,
 * drawn the same every time with sharp) in media/, as content/media/ holds them. I/O: writes a temporary folder.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { seededRandom } from '../../tools/seeded-random.ts';
import { SCREENSHOT_SLUG } from './scenarios.ts';

export const SCREENSHOT_FILE = 'hud-screenshot.png';
const WIDTH = 2560;
const HEIGHT = 1440;

const ARTICLE = `---
title: "The HUD Overlays in a Race"
slug: ${SCREENSHOT_SLUG}
description: "What Race Element's HUD overlays show during a race, on a full-size screenshot"
type: guide
---

This is what a race looks like with a few of Race Element's HUDs on screen: inputs and tyre temperatures at the bottom, the standings on the left and the track map on the right.

![A race seen from the cockpit with Race Element's HUD overlays: standings on the left, a track map on the right, inputs and tyre temperatures at the bottom](media/${SCREENSHOT_FILE})

Each overlay is its own window above the sim, so you can move it, resize it and hide it while driving. The HUD tab lists them all with a preview and their settings.

# Placing the overlays

Open the HUD tab, enable an overlay and drag it where you want it while the sim runs. Positions are saved per overlay and come back the next time you start the app.
`;

/** A scene's colours (a sky-to-asphalt gradient) with a rendered game's fine grain, seeded: the same bytes every run. */
function scenePixels(): Buffer {
  const random = seededRandom(2560);
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    const t = y / HEIGHT;
    const base = t < 0.45 ? [90 + 80 * t, 130 + 90 * t, 200 - 40 * t] : [70 - 20 * t, 72 - 20 * t, 78 - 20 * t];
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const grain = (random() - 0.5) * 14;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, base[c]! + grain + (x / WIDTH) * 12));
    }
  }
  return pixels;
}

/** The HUD panels and their text, as an overlay. */
function hudSvg(): string {
  const rows = Array.from(
    { length: 12 },
    (_, i) =>
      `<text x="60" y="${250 + i * 52}" font-size="34" fill="#fff">P${i + 1}  Driver ${String.fromCharCode(65 + i)}  +${(i * 1.7).toFixed(1)}</text>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<rect x="40" y="190" width="560" height="660" rx="12" fill="#000" fill-opacity="0.62"/>${rows}
<rect x="2060" y="190" width="460" height="460" rx="12" fill="#000" fill-opacity="0.62"/>
<path d="M2140 560 C2120 300 2300 240 2420 330 S2480 600 2300 600 Z" fill="none" stroke="#f5c400" stroke-width="10"/>
<rect x="880" y="1180" width="800" height="200" rx="12" fill="#000" fill-opacity="0.62"/>
<rect x="920" y="1220" width="40" height="130" fill="#1db954"/><rect x="990" y="1260" width="40" height="90" fill="#e53935"/>
<text x="1080" y="1300" font-size="46" fill="#fff">82 °C  84 °C  79 °C  81 °C</text>
</svg>`;
}

/** A 2560×1440 PNG screenshot, a few MB, the same bytes every run. */
export async function drawScreenshot(): Promise<Buffer> {
  return sharp(scenePixels(), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .composite([{ input: Buffer.from(hudSvg()) }])
    .png()
    .toBuffer();
}

/** A temporary copy of `contentDir` with the screenshot guide in it; `remove` deletes it. */
export async function contentWithScreenshot(contentDir: string): Promise<{ dir: string; png: Buffer; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'phone-flow-content-'));
  try {
    cpSync(contentDir, dir, { recursive: true });
    const png = await drawScreenshot();
    writeFileSync(join(dir, 'media', SCREENSHOT_FILE), png);
    writeFileSync(join(dir, `guide-${SCREENSHOT_SLUG}.md`), ARTICLE);
    return { dir, png, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
