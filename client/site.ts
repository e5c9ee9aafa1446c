/** Facts about the site and the product, shown in the layout and the page metadata. */
export const SITE = {
  name: 'Race Element',
  tagline: 'Solutions for Simulators',
  description: 'Solutions for Sim Racing | HUDS, Setups, Liveries, Streaming, Hardware',
  author: 'Reinier Klarenberg',
  authorHandle: 'RiddleTime',
  firstYear: 2022,
  /**
   * The app's icon (the product repository's `other resources/race element icon 2.png`, the
   * image of the app's `race-element-icon-2.ico`), served from client/public/ as a path on
   * this site: made absolute with SITE_URL where a URL is needed.
   */
  image: '/icon-512.png',
  favicon: '/favicon.ico',
  appleTouchIcon: '/apple-touch-icon.png',
  webManifest: '/site.webmanifest',
  repository: 'https://github.com/RiddleTime/Race-Element',
  latestRelease: 'https://github.com/RiddleTime/Race-Element/releases/latest',
  downloadsBadge: 'https://img.shields.io/github/downloads/RiddleTime/Race-Element/RaceElement.exe?label=Downloads&color=FF4500',
} as const;

/** The header's navigation. */
export const NAV_LINKS = [
  { label: 'News', href: '/news' },
  { label: 'Guides', href: '/guide' },
  { label: 'Features', href: '/guide/features' },
  { label: 'Download', href: '/guide/how-to-get-started' },
] as const;

export const SOCIAL_LINKS = [
  { label: 'GitHub', href: 'https://github.com/RiddleTime/Race-Element' },
  { label: 'Discord', href: 'https://discord.gg/26AAEW5mUq' },
  { label: 'X', href: 'https://x.com/Race_Element' },
] as const;

export const DONATE_LINK = { label: 'Donate', href: '/guide/sponsor' } as const;
