/** Browser entry: hydrates the server-rendered page from the payload embedded in it. */
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { PAYLOAD_ELEMENT_ID } from './Document.tsx';
import type { PagePayload } from './page-data.ts';
import './styles.css';

const payloadElement = document.getElementById(PAYLOAD_ELEMENT_ID);
const root = document.getElementById('root');
if (payloadElement && root) {
  const payload = JSON.parse(payloadElement.textContent ?? '{}') as PagePayload;
  hydrateRoot(root, <App data={payload.data} />);
}
