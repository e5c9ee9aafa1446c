/**
 * What the phone flow reads from the page, through CDP alone (nothing of Playwright's runs in it): where a selector's
 * element is, the probe's records, the first contentful paint. I/O: the phone's CDP session.
 */
import type { Phone } from './phone.ts';
import { type DocumentRecord, FLOW_STORAGE_KEY } from './probe.ts';

export type Point = { x: number; y: number } | null;

/**
 * An expression run in the page's main world through CDP: Playwright's own evaluate would first inject its helper
 * script into each document, a task of the harness's own of 40 ms and more on the phone's main thread.
 */
async function evaluate<T>(phone: Phone, expression: string): Promise<T> {
  const { result, exceptionDetails } = await phone.cdp.send('Runtime.evaluate', { expression, returnByValue: true });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value as T;
}

export const centre = (phone: Phone, selector: string): Promise<Point> =>
  evaluate(
    phone,
    `(() => {
      const box = document.querySelector(${JSON.stringify(selector)})?.getBoundingClientRect();
      return box && box.width > 0 && box.height > 0 ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : null;
    })()`,
  );

/**
 * The document's record and those of the documents it replaced. The taps are made in the first document: one that has
 * them replaced none, and sessionStorage (whose first read is a synchronous call to the browser) is left alone.
 */
const read = (phone: Phone): Promise<{ current: DocumentRecord; previous: DocumentRecord[] }> =>
  evaluate(
    phone,
    `(() => {
      const current = window.__flowRead();
      return { current, previous: current.taps.length ? [] : JSON.parse(sessionStorage.getItem(${JSON.stringify(FLOW_STORAGE_KEY)}) ?? '[]') };
    })()`,
  );

/** Reads the tab's records, retrying while a document is being replaced. */
export async function readAll(phone: Phone): Promise<DocumentRecord[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { current, previous } = await read(phone);
      return [...previous, current];
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Watches for the first contentful paint of the page's next document (CDP lifecycle events: nothing runs in the page);
 * `painted` resolves then.
 */
export async function watchFirstPaint(phone: Phone): Promise<{ painted: Promise<void> }> {
  await phone.cdp.send('Page.enable');
  await phone.cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
  const painted = new Promise<void>((resolve) => {
    const seen = (event: { name: string }) => {
      if (event.name !== 'firstContentfulPaint') return;
      phone.cdp.off('Page.lifecycleEvent', seen);
      resolve();
    };
    phone.cdp.on('Page.lifecycleEvent', seen);
  });
  return { painted };
}
