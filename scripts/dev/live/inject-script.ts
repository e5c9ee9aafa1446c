/**
 * Adds the live-preview script to a streamed HTML page on its way from the Worker to the browser
 * (`npm start` only; the Worker's own responses are never changed). The tag goes right before
 * `</head>`; bytes before it are held until it shows (the head is the first thing the Worker's
 * stream sends), everything after passes through untouched; a page with no `</head>` gets it at
 * the end.
 *
 * The tag is an external same-origin script, which the site's CSP allows as it is
 * (`script-src 'self' …`): no header needs changing for it.
 *
 * Pure: a TransformStream over bytes, no I/O. It searches bytes, not text: `</head>` is ASCII,
 * and a character split between two chunks then needs no care.
 */

const HEAD_END = new TextEncoder().encode('</head>');

/** Where `</head>` (any case) starts in `bytes`, or -1. */
export function headEndIn(bytes: Uint8Array): number {
  outer: for (let i = 0; i + HEAD_END.length <= bytes.length; i++) {
    for (let j = 0; j < HEAD_END.length; j++) {
      const byte = bytes[i + j]!;
      const wanted = HEAD_END[j]!;
      // A letter may come in upper case (0x20 less); '<', '/' and '>' only as they are.
      const isLetter = wanted >= 0x61 && wanted <= 0x7a;
      if (byte !== wanted && !(isLetter && byte === wanted - 0x20)) continue outer;
    }
    return i;
  }
  return -1;
}

export function injectBeforeHeadEnd(tag: string): TransformStream<Uint8Array, Uint8Array> {
  const script = new TextEncoder().encode(tag);
  let held = new Uint8Array(0);
  let done = false;
  return new TransformStream({
    transform(chunk, controller) {
      if (done) {
        controller.enqueue(chunk);
        return;
      }
      const joined = new Uint8Array(held.length + chunk.length);
      joined.set(held);
      joined.set(chunk, held.length);
      const end = headEndIn(joined);
      if (end === -1) {
        held = joined;
        return;
      }
      done = true;
      controller.enqueue(joined.subarray(0, end));
      controller.enqueue(script);
      controller.enqueue(joined.subarray(end));
      held = new Uint8Array(0);
    },
    flush(controller) {
      if (done) return;
      if (held.length > 0) controller.enqueue(held);
      controller.enqueue(script);
    },
  });
}
