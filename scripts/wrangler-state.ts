/** wrangler dev's default persistence root, relative to the project folder: what `npm start` serves and `npm run upload` writes. */
export const WRANGLER_STATE = '.wrangler/state';
