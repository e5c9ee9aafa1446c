/**
 * Images from other hosts in markdown: copy names, finding kept copies, listing them, and how each is shown. Unit.
 */
import { createHash } from 'node:crypto';
import type { Element, Root } from 'hast';
import { describe, expect, test } from 'vitest';
import { imagesWithoutCopy } from '../../../../scripts/content/build/images-without-copy.ts';
import type { MediaRef } from '../../../../scripts/content/markdown/media-images.ts';
import {
  findRemoteCopy,
  knownExtension,
  ownRemoteMedia,
  remoteCopyBase,
  remoteCopyName,
  remoteImagePointer,
  remoteImages,
} from '../../../../scripts/content/markdown/remote-images.ts';
import { renderMarkdown } from '../../../../scripts/content/markdown/render-markdown.ts';

const SHOT: MediaRef = { url: `/media/${'a'.repeat(64)}.jpg`, width: 480, height: 360 };
const LOGO: MediaRef = { url: `/media/${'b'.repeat(64)}.svg`, width: 300, height: 60 };
const media = new Map([
  ['remote/img.youtube.com/vi/hN0RnRmo4ZE/0.jpg', SHOT],
  ['remote/about.signpath.io/assets/signpath-logo.svg', LOGO],
  ['remote/github.com/user-attachments/assets/a7686e22.png', { url: `/media/${'c'.repeat(64)}.png`, width: 800, height: 500 }],
]);

describe('remoteCopyBase', () => {
  test('names a copy by host and path below remote/', () => {
    expect(remoteCopyBase('https://img.youtube.com/vi/hN0RnRmo4ZE/0.jpg')).toBe('remote/img.youtube.com/vi/hN0RnRmo4ZE/0.jpg');
    expect(remoteCopyBase('http://IMG.youtube.com/vi/x/0.jpg')).toBe('remote/img.youtube.com/vi/x/0.jpg');
  });

  test('keeps the name a plain file path: port, odd characters, empty segments, a folder URL', () => {
    expect(remoteCopyBase('http://127.0.0.1:8080/a b/c%20d.png')).toBe('remote/127.0.0.1_8080/a_20b/c_20d.png');
    expect(remoteCopyBase('https://example.com//x///y/')).toBe('remote/example.com/x/y/index');
    expect(remoteCopyBase('https://example.com/../../etc/passwd')).toBe('remote/example.com/etc/passwd');
  });

  test('a query string adds a short hash of itself; other URLs have no copy name', () => {
    const one = remoteCopyBase('https://example.com/a.png?size=1');
    expect(one).toMatch(/^remote\/example\.com\/a\.png~[0-9a-f]{10}$/);
    expect(remoteCopyBase('https://example.com/a.png?size=2')).not.toBe(one);
    expect(remoteCopyBase('media/a.png')).toBeNull();
    expect(remoteCopyBase('data:image/png;base64,AAAA')).toBeNull();
  });
});

describe('remoteCopyName and knownExtension', () => {
  test('the bytes decide the extension, added unless the URL already ends with it', () => {
    expect(remoteCopyName('remote/h/a.jpg', 'jpg')).toBe('remote/h/a.jpg');
    expect(remoteCopyName('remote/h/a.JPEG', 'jpg')).toBe('remote/h/a.JPEG');
    expect(remoteCopyName('remote/h/a.jpg', 'png')).toBe('remote/h/a.jpg.png');
    expect(remoteCopyName('remote/h/assets/a7686e22', 'png')).toBe('remote/h/assets/a7686e22.png');
    expect(knownExtension('a.txt')).toBeNull();
    expect(knownExtension('noext')).toBeNull();
  });
});

describe('findRemoteCopy', () => {
  test('finds the copy under the URL’s name, with or without an added extension', () => {
    expect(findRemoteCopy('https://img.youtube.com/vi/hN0RnRmo4ZE/0.jpg', media)).toBe(SHOT);
    expect(findRemoteCopy('https://github.com/user-attachments/assets/a7686e22', media)?.width).toBe(800);
    expect(findRemoteCopy('https://img.youtube.com/vi/other/0.jpg', media)).toBeUndefined();
  });
});

describe('remoteImages', () => {
  test('lists markdown and raw HTML images from other hosts with their lines, and nothing else', () => {
    const markdown = [
      '# Videos',
      '',
      '![A thumbnail](https://img.youtube.com/vi/a/0.jpg)',
      '',
      '<a href="https://youtu.be/b"><img src="https://img.youtube.com/vi/b/0.jpg" alt="B"></a>',
      '',
      '![Ours](media/shot.png) [a link](https://example.com/c.png)',
      '',
      '```html',
      '<img src="https://example.com/in-code.png">',
      '```',
    ].join('\n');
    expect(remoteImages(markdown)).toEqual([
      { url: 'https://img.youtube.com/vi/a/0.jpg', line: 3, column: 1 },
      { url: 'https://img.youtube.com/vi/b/0.jpg', line: 5, column: 30 },
    ]);
  });
});

describe('imagesWithoutCopy', () => {
  test('lists each image without a copy once, with every file and line that shows it', () => {
    const page = (title: string, body: string) => `---\ntitle: ${title}\nslug: ${title}\ndescription: d\ntype: guide\n---\n${body}\n`;
    const copied = 'https://about.signpath.io/assets/signpath-logo.svg';
    const missing = 'https://img.youtube.com/vi/x/0.jpg';
    const folder = {
      files: [
        { file: 'a.md', source: page('a', `![Logo](${copied})\n\n![Video](${missing})`) },
        { file: 'b.md', source: page('b', `Text\n\n<img src="${missing}" alt="Video">`) },
        // Its front matter does not parse: the build reports it, not this.
        { file: 'c.md', source: `no front matter ![x](https://example.com/c.png)` },
      ],
      samples: [],
      media: [{ name: 'remote/about.signpath.io/assets/signpath-logo.svg', bytes: new Uint8Array() }],
    };
    expect([...imagesWithoutCopy(folder)]).toEqual([
      [
        missing,
        [
          { file: 'a.md', line: 9, column: 1 },
          { file: 'b.md', line: 9, column: 1 },
        ],
      ],
    ]);
  });
});

describe('ownRemoteMedia', () => {
  const img = (properties: Element['properties']): Root => ({
    type: 'root',
    children: [{ type: 'element', tagName: 'img', properties, children: [] }],
  });
  const props = (tree: Root) => (tree.children[0] as Element).properties;

  test('an image with a copy points at it and gets the copy’s size', () => {
    const tree = img({ src: 'https://img.youtube.com/vi/hN0RnRmo4ZE/0.jpg', alt: 'x' });
    ownRemoteMedia(tree, media);
    expect(props(tree)).toEqual({ src: SHOT.url, alt: 'x', width: 480, height: 360 });
  });

  test('an author’s width is kept and the height follows the proportions (and the other way round)', () => {
    const wide = img({ src: 'https://about.signpath.io/assets/signpath-logo.svg', width: '150' });
    ownRemoteMedia(wide, media);
    expect(props(wide)).toEqual({ src: LOGO.url, width: '150', height: 30 });
    const tall = img({ src: 'https://about.signpath.io/assets/signpath-logo.svg', height: 12 });
    ownRemoteMedia(tall, media);
    expect(props(tall)).toEqual({ src: LOGO.url, width: 60, height: 12 });
  });

  test('an image without a copy is shown through the Worker, at the path of its URL’s hash', () => {
    const url = 'https://img.youtube.com/vi/none/0.jpg';
    const tree = img({ src: url });
    ownRemoteMedia(tree, media);
    const hash = createHash('sha256').update(url).digest('hex');
    expect(props(tree)).toEqual({ src: `/media/remote/${hash}` });
    expect(remoteImagePointer(url)).toEqual({ url, key: `media/remote/${hash}`, path: `/media/remote/${hash}` });
  });

  test('a video from another host waits for the visitor, whatever the author asked; one of ours is left alone', async () => {
    const { html } = await renderMarkdown(
      [
        '<video controls preload="auto" src="https://example.com/clip.mov"></video>',
        '',
        '<video controls><source src="https://example.com/clip.mp4" type="video/mp4"></video>',
        '',
        '<video controls preload="metadata" src="/media/clip.mp4"></video>',
      ].join('\n'),
    );
    expect(html.match(/<video[^>]*>/g)).toEqual([
      '<video controls preload="none" src="https://example.com/clip.mov">',
      '<video controls preload="none">',
      '<video controls preload="metadata" src="/media/clip.mp4">',
    ]);
  });

  test('the renderer applies it: a raw <img> with a kept copy is served from /media/', async () => {
    const { html } = await renderMarkdown(
      'One.\n\nTwo.\n\nThree.\n\n<img src="https://about.signpath.io/assets/signpath-logo.svg" width="150" alt="SignPath">',
      media,
    );
    expect(html).toContain(`<img src="${LOGO.url}" width="150" alt="SignPath" loading="lazy" decoding="async" height="30">`);
  });
});
