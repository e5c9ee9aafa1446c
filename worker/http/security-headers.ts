/**
 * Security headers (hono/secure-headers), the same on every response so that pages can be cached. Pure.
 * Why no nonce and no Cross-Origin-Opener-Policy: docs/reliability.md, The Worker's security headers.
 */
import { secureHeaders } from 'hono/secure-headers';
import { INLINE_SCRIPT_HASHES } from '../../client/inline-scripts.ts';
import { SITE } from '../../client/site.ts';

/** Scripts only from the site's files and the inline scripts whose hashes client/inline-scripts.ts lists. */
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
    // The sanitiser removes every iframe from articles (scripts/content/markdown/sanitize-schema.ts).
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
