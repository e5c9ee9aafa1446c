/** Streams a page's HTML: React 19 server rendering of the Document, on the edge. */
import { renderToReadableStream } from 'react-dom/server';
import { Document } from '../client/Document.tsx';
import type { PagePayload } from '../client/page-data.ts';
import { CLIENT_ASSETS } from './client-assets.ts';

export async function renderHtml(payload: PagePayload, nonce: string): Promise<ReadableStream<Uint8Array>> {
  return renderToReadableStream(<Document payload={payload} assets={CLIENT_ASSETS} nonce={nonce} />, {
    nonce,
    onError(error) {
      console.error('SSR error', error);
    },
  });
}
