/**
 * What raw HTML in markdown may keep: GitHub's schema plus video, sized images, new-tab links (docs/reliability.md).
 * Pure data.
 */
import { defaultSchema, type Schema } from 'hast-util-sanitize';

const base = defaultSchema.attributes ?? {};

/**
 * Deliberately absent: iframes (no article embeds one: all dropped), `data:` and `javascript:` URLs, `style`, SVG, forms,
 * object/embed, and `<picture>` and `srcset` (GitHub's schema allows them): an author's would have visitors' browsers ask
 * other hosts; the renderer adds them after sanitising, naming only the upload's own files (picture-images.ts). The
 * page's CSP (worker/http/security-headers.ts) is the second wall.
 */
export const sanitizeSchema: Schema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []).filter((name) => name !== 'picture'), 'video', 'figure', 'figcaption'],
  attributes: {
    ...base,
    a: [...(base.a ?? []), 'target', 'rel'],
    img: [...(base.img ?? []), 'loading', 'decoding'],
    video: ['src', 'poster', 'controls', 'preload', 'muted', 'loop', 'playsInline', 'width', 'height'],
    // A video's sources; no `srcset` (above).
    source: ['src', 'type'],
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
