/** PublishStoppedError: a KV failure's message and one sentence on what the site serves now. Pure. */

/** Another upload published, or holds the lock: this one stopped before writing the manifest. */
export class UploadConflictError extends Error {
  override name = 'UploadConflictError';
}

/** A failure's message, then the sentence on what is live now (`live` below). */
export class PublishStoppedError extends Error {
  override name = 'PublishStoppedError';
  constructor(cause: unknown, live: string) {
    super(`${(cause instanceof Error ? cause.message : String(cause)).trimEnd()} ${live}`, { cause });
  }
}

/** Runs one stage of an upload; a failure comes out as a PublishStoppedError saying `live` (of that failure). */
export async function stage<T>(live: (error: unknown) => string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UploadConflictError || error instanceof PublishStoppedError) throw error;
    throw new PublishStoppedError(error, live(error));
  }
}

/** `version` null: nothing published yet; undefined: not read yet. */
const serves = (version: number | null | undefined): string =>
  version === undefined
    ? 'the site is unchanged'
    : version === null
      ? 'nothing is published yet, as before'
      : `the site still serves version ${version}`;

/** The sentence on what is live, for each point at which an upload can stop. */
export const live = {
  /** Before any entry was written (the lock, the planning reads). */
  nothingPublished: (version: number | null | undefined) => `Nothing new was published: ${serves(version)}.`,
  /** Entry writes, or the checks before the manifest. */
  manifestNotWritten: (version: number | null) =>
    `The manifest was not written: ${serves(version)} (entries already written stay unused until a manifest names them); run the same command again.`,
  manifestRefused: (version: number | null) =>
    `All entries were written, the manifest was not: ${serves(version)}; run the same command again.`,
  /** The manifest write may or may not have landed (a 5xx after retries, no answer). */
  manifestUnconfirmed: (version: number | null, next: number) =>
    `All entries were written; the write of manifest version ${next} was not confirmed: ${version === null ? 'nothing is published, or' : `the site serves version ${version} or,`} if the write landed, version ${next} (\`npm run upload -- --verify\` tells which); run the same command again.`,
  /** After the manifest: the Worker could not be asked to purge the cache in front of it. */
  notPurged: (version: number, command: string) =>
    `Version ${version} is live, but the cache in front of the Worker may still serve pages from before it: \`${command}\` purges them; the stale keys stay until the next upload.`,
  cleanupStopped: (version: number, stale: number) =>
    `Version ${version} is live and whole; the clean-up stopped, so up to ${stale} stale key(s) remain until the next upload deletes them.`,
};
