/** npm start's image fetches: a failure remembered until a save touches a file showing the image; a copy never refetched. Unit. */
import { expect, test } from 'vitest';
import type { ImageDownload } from '../../../../scripts/content/build/copy-remote-images.ts';
import { sessionImageFetches } from '../../../../scripts/dev/live/image-fetches.ts';

test('a failed image is fetched again only by a save of a file that shows it; one that came is not remembered', async () => {
  const asked: string[] = [];
  let answer: ImageDownload = { ok: false, reason: 'the request failed: ENOTFOUND' };
  const fetches = sessionImageFetches(async (url) => {
    asked.push(url);
    return answer;
  });
  const url = 'https://img.example/a.jpg';
  const places = [{ file: 'guide-a.md', line: 16, column: 86 }];

  expect(await fetches.fetchImage(url, places, 1000)).toEqual(answer);
  fetches.touched(['guide-b.md', 'media/x.png']);
  expect(await fetches.fetchImage(url, places, 1000)).toEqual({ ok: false, reason: 'the request failed: ENOTFOUND' });
  expect(asked).toEqual([url]);

  fetches.touched(['guide-a.md']);
  answer = { ok: true, file: { name: 'remote/img.example/a.jpg', bytes: new Uint8Array([1]) } };
  expect(await fetches.fetchImage(url, places, 1000)).toEqual(answer);
  // Its copy is on disk by now: were it deleted, the next publish fetches it, touched or not.
  fetches.touched([]);
  await fetches.fetchImage(url, places, 1000);
  expect(asked).toEqual([url, url, url]);
});
