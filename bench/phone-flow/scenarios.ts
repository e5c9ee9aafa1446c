/**
 * The phone flow's scenarios (scrolls then a nav tap, a nav tap at 1 s and at first paint, a post tap on /news, a copy
 * tap, the screenshot guide's load) and, per site, its pages and what is tapped. Pure data.
 */
/** The slug of the guide with a screenshot that the flow adds to the content (screenshot-article.ts). */
export const SCREENSHOT_SLUG = 'hud-overlay-screenshot';

export type PageName = 'article' | 'guide' | 'news' | 'code' | 'screenshot';
export type ScenarioName =
  | 'scroll, then nav tap'
  | 'nav tap at 1 s'
  | 'nav tap at first paint'
  | 'post tap at 1 s'
  | 'copy tap'
  | 'load only';

export interface SiteTargets {
  paths: Record<PageName, string>;
  /** The taps, in order, that reach another page from the header's navigation of each page. */
  nav: Record<Exclude<PageName, 'code' | 'screenshot'>, string[]>;
  newsPost: string;
  copyButton: string;
}

export type Step = { swipe: number } | { tap: string } | { wait: number };

export interface Scenario {
  name: ScenarioName;
  page: PageName;
  steps: Step[];
  /** True when the last tap leads to another page: time to its <h1>, reload or not. */
  navigates: boolean;
  /** When the steps start: a second after the page's `load`, or at its first contentful paint (a reader who taps at once). */
  start: 'load + 1 s' | 'first paint';
}

const SCROLL_GAP_MS = 400;

export function scenariosOf(site: SiteTargets): Scenario[] {
  const taps = (selectors: string[]): Step[] => selectors.flatMap((tap, i) => (i ? [{ wait: SCROLL_GAP_MS }, { tap }] : [{ tap }]));
  const scrolls: Step[] = [
    { swipe: 300 },
    { wait: SCROLL_GAP_MS },
    { swipe: 300 },
    { wait: SCROLL_GAP_MS },
    { swipe: -1200 },
    { wait: SCROLL_GAP_MS },
  ];
  const pages = ['article', 'guide', 'news'] as const;
  const start = 'load + 1 s';
  return [
    ...pages.map(
      (page): Scenario => ({ name: 'scroll, then nav tap', page, steps: [...scrolls, ...taps(site.nav[page])], navigates: true, start }),
    ),
    ...pages.map((page): Scenario => ({ name: 'nav tap at 1 s', page, steps: taps(site.nav[page]), navigates: true, start })),
    ...(['article', 'guide'] as const).map(
      (page): Scenario => ({ name: 'nav tap at first paint', page, steps: taps(site.nav[page]), navigates: true, start: 'first paint' }),
    ),
    { name: 'post tap at 1 s', page: 'news', steps: [{ tap: site.newsPost }], navigates: true, start },
    { name: 'copy tap', page: 'code', steps: [{ tap: site.copyButton }], navigates: false, start },
    { name: 'load only', page: 'screenshot', steps: [], navigates: false, start },
  ];
}

export const THIS_SITE: SiteTargets = {
  paths: {
    article: '/news/2023-04-29-signpath',
    guide: '/guide/multi-sim',
    news: '/news',
    code: '/guide/start-the-app-minimized',
    screenshot: `/guide/${SCREENSHOT_SLUG}`,
  },
  nav: {
    article: ['nav.site-nav a[href="/guide"]'],
    guide: ['nav.site-nav a[href="/news"]'],
    news: ['nav.site-nav a[href="/guide"]'],
  },
  newsPost: 'main .entry-card-title a',
  copyButton: 'main .code-block .copy-button',
};

/**
 * The peers hide their navigation behind a menu button: open it, then tap the link to /news (from an article or a
 * guide) or to the first guide (from /news). `link` is the selector of the menu's link to an href.
 */
function behindMenu(menu: string, link: (href: string) => string, newsHref: string, guideHref: string): SiteTargets['nav'] {
  return { article: [menu, link(newsHref)], guide: [menu, link(newsHref)], news: [menu, link(guideHref)] };
}

export const STARLIGHT: SiteTargets = {
  paths: {
    article: '/news/2023-04-29-signpath/',
    guide: '/guide/multi-sim/',
    news: '/news/',
    code: '/guide/start-the-app-minimized/',
    screenshot: `/guide/${SCREENSHOT_SLUG}/`,
  },
  nav: behindMenu('button.sl-menu-button', (href) => `#starlight__sidebar a[href="${href}"]`, '/news/', '/guide/how-to-get-started/'),
  newsPost: 'main .sl-markdown-content li a',
  copyButton: '.expressive-code .copy button',
};

export const VITEPRESS: SiteTargets = {
  paths: {
    article: '/news/2023-04-29-signpath',
    guide: '/guide/multi-sim',
    news: '/news/',
    code: '/guide/start-the-app-minimized',
    screenshot: `/guide/${SCREENSHOT_SLUG}`,
  },
  nav: behindMenu('button.VPNavBarHamburger', (href) => `.VPNavScreen a[href="${href}"]`, '/news/', '/guide/how-to-get-started'),
  newsPost: '.vp-doc li a',
  copyButton: 'div[class*="language-"] button.copy',
};
