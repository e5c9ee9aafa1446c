/** Reads a served page the way a crawler would: title, meta tags, JSON-LD, text. */
import { type HTMLElement, parse } from 'node-html-parser';

export interface ParsedPage {
  root: HTMLElement;
  title: string;
  /** `name=` or `property=` meta content. */
  meta(key: string): string | undefined;
  canonical: string | undefined;
  jsonLd: unknown;
  text: string;
}

export function parsePage(html: string): ParsedPage {
  const root = parse(html);
  const meta = (key: string) =>
    root.querySelector(`meta[name="${key}"]`)?.getAttribute('content') ??
    root.querySelector(`meta[property="${key}"]`)?.getAttribute('content');
  const ld = root.querySelector('script[type="application/ld+json"]')?.textContent;
  return {
    root,
    title: root.querySelector('title')?.textContent ?? '',
    meta,
    canonical: root.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    jsonLd: ld === undefined ? undefined : JSON.parse(ld),
    text: root.querySelector('#root')?.textContent ?? '',
  };
}
