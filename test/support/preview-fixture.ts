/**
 * A small site and a preview of a change to it, inline (no content/ read): the preview adds a news
 * post, retitles a guide and deletes another, each with a word of its own to search for.
 */
import type { ContentFolder } from '../../scripts/content/source/load-content.ts';

const page = (file: string, front: string, body: string) => ({ file, source: `---\n${front}\n---\n${body}\n` });

/** Words only one version holds. */
export const WORDS = { kept: 'Quorndale', deleted: 'Zephyrmoss', added: 'Brindlewick' } as const;

const news = page(
  'news-season-start.md',
  'title: Season start\nslug: season-start\ndescription: The season begins\ntype: news\ndate: 2026-01-10',
  `# Season start\n\nThe ${WORDS.kept} season begins.`,
);
const setupGuide = (title: string) =>
  page('guide-setup.md', `title: ${title}\nslug: setup-guide\ndescription: How to set up\ntype: guide`, 'Set up the app.');
const oldGuide = page(
  'guide-old.md',
  'title: Old telemetry guide\nslug: old-telemetry\ndescription: To be removed\ntype: guide',
  `About ${WORDS.deleted} telemetry.`,
);
const addedNews = page(
  'news-big-update.md',
  'title: The big update\nslug: big-update\ndescription: What changes next\ntype: news\ndate: 2026-02-01',
  `# The big update\n\n${WORDS.added} arrives.`,
);

export const LIVE_TITLE = 'Setting up Race Element';
export const PREVIEW_TITLE = 'Setting up Race Element, revised';

export const LIVE_SITE: ContentFolder = { files: [news, setupGuide(LIVE_TITLE), oldGuide], samples: [] };
export const PREVIEW_SITE: ContentFolder = { files: [news, setupGuide(PREVIEW_TITLE), addedNews], samples: [] };
