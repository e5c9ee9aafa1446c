/**
 * What raw HTML in markdown may keep. Starts from GitHub's schema (hast-util-sanitize's
 * default: no script, no style, no event handlers, only http(s)/mailto URLs) and adds what our
 * articles use: video, images with sizes, and links that open in a new tab.
 *
 * Deliberately absent: iframes (no article embeds one, so there is no allow-list: every iframe
 * is dropped), `data:` and `javascript:` URLs (a URL attribute with another protocol is
 * dropped), `style` attributes and elements, SVG, forms, object/embed. The page's CSP (no inline
 * script, worker/http/security-headers.ts) is the second wall. Tests: test/scripts/content/render-markdown.test.ts
 * (each attack) and test/browser/security.test.ts (in Chromium).
 */
import { defaultSchema, type Schema } from 'hast-util-sanitize';

const base = defaultSchema.attributes ?? {};

export const sanitizeSchema: Schema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'video', 'figure', 'figcaption'],
  attributes: {
    ...base,
    a: [...(base.a ?? []), 'target', 'rel'],
    img: [...(base.img ?? []), 'loading', 'decoding'],
    video: ['src', 'poster', 'controls', 'preload', 'muted', 'loop', 'playsInline', 'width', 'height'],
    source: [...(base.source ?? []), 'src', 'type'],
  },
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto'],
    src: ['http', 'https'],
    poster: ['http', 'https'],
  },
  // `style` elements disappear with their text; `script` is stripped by the default schema.
  strip: [...(defaultSchema.strip ?? []), 'style'],
};
