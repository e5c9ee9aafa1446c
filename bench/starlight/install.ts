/** The pinned Astro and Starlight, and the cache folder they are installed into (bench/peers/install.ts). */
import { type PeerPackages, peerCache } from '../peers/install.ts';

// Not under node_modules/: Vite leaves files there unbundled, and Astro refuses a symlinked node_modules.
export const STARLIGHT_CACHE = peerCache('race-element-starlight');

/** Pinned together: astro's version must satisfy this Starlight's peer range; a change reinstalls them. */
export const STARLIGHT_VERSIONS = { astro: '7.3.5', '@astrojs/starlight': '0.42.4' } as const;

export const STARLIGHT_PACKAGES: PeerPackages = {
  cache: STARLIGHT_CACHE,
  name: 'race-element-starlight-bench',
  versions: STARLIGHT_VERSIONS,
  cli: 'astro/bin/astro.mjs',
};
