/**
 * Security headers on every response (hono/secure-headers). Scripts run only from the site's
 * own files and the two inline scripts whose hashes client/inline-scripts.ts lists: no nonce,
 * so the headers are the same on every response and a page can be cached at the edge.
 *
 * No Cross-Origin-Opener-Policy on public responses: a public page holds nothing that a
 * cross-origin window could not fetch itself, and `same-origin` makes the browser swap the tab
 * to a new process on arrival from any other page, a new tab included (on Android it also turns
 * on site isolation for the origin): about 80 ms of main-thread work on the test machine, after
 * the first paint in Lighthouse's simulation (bench/README.md, Against Astro Starlight). A
 * draft preview, which does hold unpublished text, keeps it (DRAFT_ISOLATION_HEADERS).
 */
import { secureHeaders } from 'hono/secure-headers';
import { INLINE_SCRIPT_HASHES } from '../../client/inline-scripts.ts';
import { SITE } from '../../client/site.ts';

export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES],
    // Shiki colours code through style attributes, and mermaid's SVG carries a <style>.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Images from other hosts are served through the Worker (worker/content/remote-image-route.ts); the
    // footer's downloads badge is the one the browser fetches itself.
    imgSrc: ["'self'", 'data:', new URL(SITE.downloadsBadge).origin],
    mediaSrc: ["'self'", 'https:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // The sanitiser removes every iframe from articles (scripts/content/sanitize-schema.ts).
    frameSrc: ["'none'"],
  },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  permissionsPolicy: {
    camera: [],
    microphone: [],
    geolocation: [],
    payment: [],
    usb: [],
  },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: 'same-site',
});

/** Added to a draft preview's page and page data: isolated from any window that opened it. */
export const DRAFT_ISOLATION_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin' } as const;
