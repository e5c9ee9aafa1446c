/**
 * Streams a page's HTML: React 19 server rendering of the Document (`renderToReadableStream`)
 * on the edge. The first bytes leave as soon as React has them.
 *
 * Measured alternative (see README, Performance): `renderToString` gives the same bytes for
 * about half the CPU here, because every loader has its data before rendering and the tree
 * has no Suspense boundary; streaming is kept because the site's design asks for it.
 */
import { renderToReadableStream } from 'react-dom/server.edge';
import { Document } from '../client/Document.tsx';
import type { PagePayload } from '../client/page-data.ts';
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
