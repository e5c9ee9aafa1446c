/**
 * Streams a page's HTML: React 19 server rendering of the Document (`renderToReadableStream`)
 * on the edge. The first bytes leave as soon as React has them. A page is rendered once per
 * isolate: routes/pages.ts keeps the result in the rendered-page cache.
 */
import { renderToReadableStream } from 'react-dom/server.edge';
import { Document } from '../../client/Document.tsx';
import type { PagePayload } from '../../contracts/page-payload.ts';
import { CLIENT_ASSETS } from './client-assets.ts';

/** `payloadJson` is `serializePayload(payload)`: the caller has it already, for the ETag. */
export function renderHtml(payload: PagePayload, payloadJson: string, nonce: string): Promise<ReadableStream<Uint8Array>> {
  return renderToReadableStream(<Document payload={payload} payloadJson={payloadJson} assets={CLIENT_ASSETS} nonce={nonce} />, {
    nonce,
    onError(error) {
      console.error('SSR error', error);
    },
  });
}
