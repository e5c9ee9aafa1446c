/**
 * Security headers on every response (hono/secure-headers), with a fresh CSP nonce per
 * response for the page's own <script> tags. No inline script runs without that nonce.
 */
import { NONCE, secureHeaders } from 'hono/secure-headers';

export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE],
    // Shiki colours code through style attributes, and mermaid's SVG carries a <style>.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'https:', 'data:'],
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
  crossOriginResourcePolicy: 'same-site',
});
