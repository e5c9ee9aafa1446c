/**
 * Streams a page's HTML: React's `renderToReadableStream` of the Document, first bytes out as soon as React has them.
 * Pure; page-route.ts keeps the result in both page caches.
 */
import { renderToReadableStream } from 'react-dom/server.edge';
import { Document } from '../../client/Document.tsx';
import type { PagePayload } from '../../contracts/page-payload.ts';
import { CLIENT_ASSETS } from './client-assets.ts';

export function renderHtml(payload: PagePayload): Promise<ReadableStream<Uint8Array>> {
  return renderToReadableStream(<Document payload={payload} assets={CLIENT_ASSETS} />, {
    onError(error) {
      console.error('SSR error', error);
    },
  });
}
