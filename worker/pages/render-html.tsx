/**
 * Streams a page's HTML: React 19 server rendering of the Document (`renderToReadableStream`)
 * on the edge. The first bytes leave as soon as React has them. A page is rendered once per
 * isolate and data centre: page-route.ts keeps the result (rendered-page-cache.ts, edge-page-cache.ts).
 */
import { renderToReadableStream } from 'react-dom/server.edge';
import { Document } from '../../client/Document.tsx';
import type { PagePayload } from '../../contracts/page-payload.ts';
import { CLIENT_ASSETS } from './client-assets.ts';

/** `payloadJson` is `serializePayload(payload)`: the caller has it already, for the ETag. */
export function renderHtml(payload: PagePayload, payloadJson: string): Promise<ReadableStream<Uint8Array>> {
  return renderToReadableStream(<Document payload={payload} payloadJson={payloadJson} assets={CLIENT_ASSETS} />, {
    onError(error) {
      console.error('SSR error', error);
    },
  });
}
