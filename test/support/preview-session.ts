/**
 * A Worker in workerd with the inline fixture site live and a preview of a change to it, both
 * published by the real upload code; and how a test carries the session cookie, as a browser would.
 */
import type { PreviewOutcome } from '../../scripts/content/previews/preview-upload.ts';
import { uploadContent } from '../../scripts/content/publish/upload.ts';
import { type LocalWorker, ORIGIN, startLocalWorker } from '../../tools/local-worker.ts';
import { LIVE_SITE, PREVIEW_SITE } from './preview-fixture.ts';

export const PREVIEW_NAME = 'pr-42';
/** The Worker's PREVIEW_SECRET here: on localhost too it wins over the development secret. */
export const PREVIEW_SECRET = 'test-preview-secret';

export interface PreviewedWorker {
  worker: LocalWorker;
  preview: PreviewOutcome;
  /** The upload's log lines. */
  lines: string[];
}

/** Publishes LIVE_SITE, then PREVIEW_SITE as the preview PREVIEW_NAME, to a Worker that reads the manifest on every request. */
export async function startPreviewedWorker(): Promise<PreviewedWorker> {
  const worker = await startLocalWorker({ assetsDir: null, bindings: { MANIFEST_TTL_SECONDS: '0', PREVIEW_SECRET } });
  const lines: string[] = [];
  const common = { store: worker.store, cards: null, diagrams: null, log: (line: string) => lines.push(line) } as const;
  const live = await uploadContent({ ...common, content: LIVE_SITE });
  const preview = await uploadContent({
    ...common,
    content: PREVIEW_SITE,
    previewName: PREVIEW_NAME,
    preview: { origin: ORIGIN, secret: PREVIEW_SECRET, days: 7 },
  });
  if (!live.ok || !preview.ok || !preview.preview) {
    await worker.dispose();
    throw new Error(`the fixture does not upload: ${JSON.stringify([live, preview].flatMap((o) => (o.ok ? [] : o.problems)))}`);
  }
  return { worker, preview: preview.preview, lines };
}

/** The `name=value` of the Set-Cookie line for `name`, or undefined. */
export function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}
