/**
 * The live script tag lands right before </head> whatever the chunking, nothing else changes, and a page
 * without </head> gets it at the end. Unit.
 */
import { describe, expect, test } from 'vitest';
import { headEndIn, injectBeforeHeadEnd } from '../../../../scripts/dev/live/inject-script.ts';

const TAG = '<script src="/__dev/live.js" async></script>';
const encoder = new TextEncoder();

/** Streams `bytes` through the injector cut into pieces of `size` bytes; the text that comes out. */
async function through(bytes: Uint8Array, size: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(source.pipeThrough(injectBeforeHeadEnd(TAG))).text();
}

describe('injectBeforeHeadEnd', () => {
  const page = '<!DOCTYPE html><html><head><title>Ünïcödé — ✓</title></head><body><p>Grüße ✓</p></body></html>';
  const expected = page.replace('</head>', `${TAG}</head>`);

  test.each([1, 2, 3, 7, 64, 10_000])('chunks of %i byte(s): the tag right before </head>, every other byte as it was', async (size) => {
    expect(await through(encoder.encode(page), size)).toBe(expected);
  });

  test('</HEAD> in capitals counts; the tag goes in once, before the first', async () => {
    const shouting = '<html><HEAD></HEAD><body>&lt;/head&gt; </head></body></html>';
    expect(await through(encoder.encode(shouting), 5)).toBe(`<html><HEAD>${TAG}</HEAD><body>&lt;/head&gt; </head></body></html>`);
  });

  test('a page with no </head> gets the tag at its end', async () => {
    expect(await through(encoder.encode('<p>fragment ✓</p>'), 4)).toBe(`<p>fragment ✓</p>${TAG}`);
  });
});

test('headEndIn finds </head> in bytes, in any case, and nothing that merely looks close', () => {
  expect(headEndIn(encoder.encode('ab</head>'))).toBe(2);
  expect(headEndIn(encoder.encode('</HeAd>'))).toBe(0);
  expect(headEndIn(encoder.encode('</heaD'))).toBe(-1);
  expect(headEndIn(encoder.encode('\x1c/head>'))).toBe(-1);
  expect(headEndIn(encoder.encode('</header>'))).toBe(-1);
});
