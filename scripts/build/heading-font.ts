/**
 * Vite plugin: `virtual:heading-font.css`, the heading font "Russo One" as two @font-face rules (core and rest of
 * latin, scripts/build/heading-font-ranges.ts), each a woff2 subset of fontsource's latin file emitted as a hashed asset.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { z } from 'zod';
import { type HeadingFace, headingFaces, textOf } from './heading-font-ranges.ts';

export const HEADING_FONT_MODULE = 'virtual:heading-font.css';
const RESOLVED = `\0${HEADING_FONT_MODULE}`;
const FAMILY = 'Russo One';
const SOURCE = createRequire(import.meta.url).resolve('@fontsource/russo-one/files/russo-one-latin-400-normal.woff2');
/** fontsource's subsets and their ranges; the package exports no path to it, so it is found beside files/. */
const UNICODE_JSON = join(dirname(SOURCE), '..', 'unicode.json');
const Subsets = z.object({ latin: z.string().min(1) });

/** fontsource's latin range, read where it enters the build. */
export function fontsourceLatinRange(file = UNICODE_JSON): string {
  const parsed = Subsets.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: field "latin" (a unicode-range string) is missing: ${parsed.error.message}`);
  return parsed.data.latin;
}

/** One face's rule; `url` is what Vite's CSS pipeline puts the emitted file's name in place of. */
const fontFace = (url: string, face: HeadingFace): string =>
  [
    '@font-face {',
    `  font-family: "${FAMILY}";`,
    '  font-style: normal;',
    '  font-display: swap;',
    '  font-weight: 400;',
    `  src: url(${url}) format("woff2");`,
    `  unicode-range: ${face.unicodeRange};`,
    '}',
  ].join('\n');

/** Build only: the entry imports the module (client/entry-browser.tsx), and its stylesheet is inlined in every page. */
export function headingFont(): Plugin {
  const emitted = new Map<string, HeadingFace>();
  return {
    name: 'race-element:heading-font',
    apply: 'build',
    buildStart: () => emitted.clear(),
    resolveId: (id) => (id === HEADING_FONT_MODULE ? RESOLVED : null),
    async load(id) {
      if (id !== RESOLVED) return null;
      const source = readFileSync(SOURCE);
      const rules = await Promise.all(
        headingFaces(fontsourceLatinRange()).map(async (face) => {
          const woff2 = await subsetFont(source, textOf(face.runs), { targetFormat: 'woff2' });
          const ref = this.emitFile({ type: 'asset', name: `russo-one-${face.name}.woff2`, source: woff2 });
          emitted.set(ref, face);
          // Vite's placeholder for an emitted asset in CSS, replaced by its hashed path with the stylesheet's.
          return fontFace(`__VITE_ASSET__${ref}__`, face);
        }),
      );
      return rules.join('\n');
    },
    generateBundle(_, bundle) {
      // The placeholder is Vite's own: should it ever change, the build fails here rather than ship unnamed fonts.
      const css = Object.values(bundle)
        .flatMap((file) => (file.type === 'asset' && file.fileName.endsWith('.css') ? [String(file.source)] : []))
        .join('\n');
      for (const [ref, face] of emitted) {
        const file = this.getFileName(ref);
        if (!css.includes(`/${file}`)) throw new Error(`heading-font: no stylesheet names ${file} (the ${face.name} face)`);
      }
      if (css.includes('__VITE_ASSET__')) throw new Error('heading-font: a stylesheet still holds an unreplaced asset placeholder');
    },
  };
}
