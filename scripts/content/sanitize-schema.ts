/**
 * What raw HTML in markdown may keep. Starts from GitHub's schema (hast-util-sanitize's
 * default: no script, no style, no event handlers, only http(s)/mailto URLs) and adds what our
 * articles use: video, images with sizes, and links that open in a new tab.
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
