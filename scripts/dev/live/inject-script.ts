/**
 * Adds the live-preview script tag before `</head>` of a streamed HTML page (`npm start` only).
 * Pure: a TransformStream over bytes.
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

/**
 * Inserts `tag` before the first `</head>`, holding bytes until it shows (the head is streamed first); none: at the end.
 * Searched as bytes: `</head>` is ASCII, so a character split between two chunks needs no care.
 */
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
