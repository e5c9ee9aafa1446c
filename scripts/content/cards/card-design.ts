/** How a social card looks: its inputs, and a satori element tree in the site's dark theme. Pure. */

import { formatLongDate } from '../../../client/format-date.ts';
import type { EntryAttributes } from '../../../contracts/kv-values.ts';
import { CARD_HEIGHT, CARD_WIDTH } from '../../../contracts/social-card.ts';
import { calendarDate } from '../source/schedule.ts';

/** Change it with any change of the look: it is part of every card's key, so each card is drawn again under a new URL. */
export const CARD_DESIGN_VERSION = 'card-1';

/** Everything an article's card shows; with the design version and the fonts, its key. */
export interface CardInputs {
  title: string;
  section: 'Guide' | 'News';
  /** News: the date as pages show it ("June 12, 2024"); null otherwise. */
  date: string | null;
}

/** An element as satori takes it: React's shape, without React. */
export interface CardNode {
  type: 'div' | 'img';
  props: {
    style?: Record<string, string | number>;
    children?: (CardNode | string)[] | string;
    src?: string;
    width?: number;
    height?: number;
  };
}

/** client/styles.css, dark theme. */
const COLOURS = { bg: '#141414', text: '#e8e8e8', muted: '#a8a8a8', accent: '#ff4500', date: '#ff9a3d' };
export const DISPLAY_FONT = 'Russo One';
export const BODY_FONT = 'Roboto';

const PAD_X = 80;
const TITLE_WIDTH = CARD_WIDTH - 2 * PAD_X;
const TITLE_MAX_LINES = 3;
/** Title sizes, largest first: the first that fits the title in three lines is used. */
const TITLE_SIZES = [92, 80, 68, 58, 50];
/** Russo One's mean advance per character, in em, measured on the site's titles (a little over, so estimates err towards smaller). */
const DISPLAY_EM_PER_CHAR = 0.56;

/** Untyped pages (features, sponsor) are served under /guide, and their pages' titles say Guide. */
export function cardInputs(attributes: Pick<EntryAttributes, 'title' | 'type' | 'date'>): CardInputs {
  const news = attributes.type === 'news';
  return {
    title: attributes.title,
    section: news ? 'News' : 'Guide',
    date: news && attributes.date ? formatLongDate(calendarDate(attributes.date)) : null,
  };
}

/** Lines a title takes when wrapped at spaces to `perLine` characters (a word longer than a line takes its own). */
export function wrappedLines(title: string, perLine: number): number {
  let lines = 1;
  let used = 0;
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const need = used === 0 ? word.length : used + 1 + word.length;
    if (need <= perLine) used = need;
    else {
      lines += used === 0 ? 0 : 1;
      used = word.length;
    }
  }
  return lines;
}

/** The largest title size that fits in three lines; past the smallest, the third line ends in an ellipsis. */
export function titleFontSize(title: string): number {
  const fits = (size: number) => wrappedLines(title, Math.floor(TITLE_WIDTH / (size * DISPLAY_EM_PER_CHAR))) <= TITLE_MAX_LINES;
  return TITLE_SIZES.find(fits) ?? TITLE_SIZES.at(-1)!;
}

const div = (style: Record<string, string | number>, children: (CardNode | string)[] | string): CardNode => ({
  type: 'div',
  props: { style, children },
});
const icon = (src: string, size: number): CardNode => ({ type: 'img', props: { src, width: size, height: size } });

/** The page: dark, an orangered rule along the top, the content laid out in a column. */
const frame = (children: CardNode[], justify: string): CardNode =>
  div(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      // The size includes padding and border, as the site's stylesheet has it.
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: justify,
      padding: `64px ${PAD_X}px 60px`,
      background: COLOURS.bg,
      borderTop: `12px solid ${COLOURS.accent}`,
      color: COLOURS.text,
      fontFamily: BODY_FONT,
    },
    children,
  );

/** An article's card. `iconSrc`: the site's icon as a data URL. */
export function articleCard(inputs: CardInputs, iconSrc: string): CardNode {
  const size = titleFontSize(inputs.title);
  const brand = div({ display: 'flex', alignItems: 'center', gap: 20, fontFamily: DISPLAY_FONT, fontSize: 36 }, [
    icon(iconSrc, 68),
    'Race Element',
  ]);
  const title = div(
    {
      display: 'block',
      width: TITLE_WIDTH,
      fontFamily: DISPLAY_FONT,
      fontSize: size,
      lineHeight: 1.12,
      color: COLOURS.accent,
      lineClamp: TITLE_MAX_LINES,
    },
    inputs.title,
  );
  const section = div({ display: 'flex', alignItems: 'center', gap: 18, fontSize: 34 }, [
    div({ color: COLOURS.date, textTransform: 'uppercase', letterSpacing: 3 }, inputs.section),
    ...(inputs.date ? [div({ color: COLOURS.muted }, '·'), div({ color: COLOURS.muted }, inputs.date)] : []),
  ]);
  return frame([brand, div({ display: 'flex', flexGrow: 1, alignItems: 'center' }, [title]), section], 'space-between');
}

/**
 * The site card: the icon, the name in orangered, the tagline and what the app does (the part of
 * the site's description after its last ' | ').
 */
export function siteCard(site: { name: string; tagline: string; description: string }, iconSrc: string): CardNode {
  return frame(
    [
      div({ display: 'flex', alignItems: 'center', gap: 40 }, [
        icon(iconSrc, 168),
        div({ fontFamily: DISPLAY_FONT, fontSize: 104, color: COLOURS.accent }, site.name),
      ]),
      div({ marginTop: 48, fontSize: 48 }, site.tagline),
      div({ marginTop: 16, fontSize: 32, color: COLOURS.muted }, site.description.split(' | ').at(-1)!),
    ],
    'center',
  );
}
