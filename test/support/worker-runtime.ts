/**
 * The built Worker in workerd with the tests' options, each with its own state removed on dispose, and a
 * helper that publishes the fixture site into it. I/O: workerd, temporary folders.
 */
import { type LocalWorker, type LocalWorkerOptions, startLocalWorker } from '../../tools/local-worker.ts';
import { uploadChecked } from '../../tools/upload-checked.ts';
import { loadFixtureSite } from './fixture-site.ts';
import { runRenderCache } from './run-render-cache.ts';

export interface PublishedWorkerOptions extends LocalWorkerOptions {
  /** Leave diagrams for the browser to draw, as an upload without a browser does. */
  clientDiagrams?: boolean;
  /** Markdown files uploaded with the fixture's, as if they were in it (entries a test needs). */
  extraEntries?: { file: string; source: string }[];
  /** Files of media/ uploaded with the fixture's (images a test needs). */
  extraMedia?: { name: string; bytes: Uint8Array }[];
}

/** A Worker with the fixture site published into its KV by the real upload code. */
export async function startPublishedWorker({
  clientDiagrams = false,
  extraEntries = [],
  extraMedia = [],
  ...options
}: PublishedWorkerOptions = {}): Promise<LocalWorker> {
  const worker = await startLocalWorker(options);
  const fixture = await loadFixtureSite();
  const content = { ...fixture, files: [...fixture.files, ...extraEntries], media: [...(fixture.media ?? []), ...extraMedia] };
  try {
    await uploadChecked({ content, store: worker.store, renderCache: runRenderCache(), ...(clientDiagrams ? { diagrams: null } : {}) });
  } catch (error) {
    await worker.dispose();
    throw error;
  }
  return worker;
}
