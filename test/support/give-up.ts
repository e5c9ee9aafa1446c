/** How long a raw-socket exchange waits for an answer before it fails: far past what a loaded machine needs, inside the test's bound. */
export const GIVE_UP_MS = 240_000;
