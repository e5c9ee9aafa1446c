/**
 * `npm run site-card`: draws client/public/social-card.png and docs/social-card-example.png from the card design.
 * I/O: reads the content file and the drawing assets, writes the two PNGs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { SITE } from '../client/site.ts';
import { SITE_CARD_PATH } from '../contracts/social-card.ts';
import { articleCard, cardInputs, siteCard } from './content/cards/card-design.ts';
import { loadCardAssets, renderCard } from './content/cards/card-render.ts';
import { parseFrontMatter } from './content/source/front-matter.ts';

const EXAMPLE = { source: 'content/assetto-corsa-evo-early-access-supported.md', out: 'docs/social-card-example.png' };

const assets = await loadCardAssets();
const timed = async (what: string, draw: () => Promise<Uint8Array>, out: string) => {
  const started = performance.now();
  const png = await draw();
  await writeFile(out, png);
  console.log(`${out}: ${what}, ${png.byteLength} bytes, drawn in ${Math.round(performance.now() - started)} ms`);
};

await timed('the site card', () => renderCard(siteCard(SITE, assets.iconSrc), assets), `client/public${SITE_CARD_PATH}`);
const parsed = parseFrontMatter(EXAMPLE.source.split('/').at(-1)!, await readFile(EXAMPLE.source, 'utf8'));
if (!parsed.ok) throw new Error(`${EXAMPLE.source} does not parse`);
await timed(
  `the card of ${EXAMPLE.source}`,
  () => renderCard(articleCard(cardInputs(parsed.value.attributes), assets.iconSrc), assets),
  EXAMPLE.out,
);
