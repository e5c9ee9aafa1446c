import type { PreviewBanner as PreviewInfo } from '../../contracts/page-payload.ts';
import { LEAVE_PREVIEW_PATH } from '../../contracts/routes.ts';
import { formatLongDate } from '../format-date.ts';

/**
 * Above every page of a whole-site preview session: which preview, that it is not the public
 * site, and a link out to the same page, public (the leave route clears the session's cookie).
 */
export function PreviewBanner({ preview, path }: { preview: PreviewInfo; path: string }) {
  return (
    <aside className="preview-banner" aria-label="Site preview">
      <p>
        <strong>Preview {preview.name}</strong>: this is not the public site. Your preview ends{' '}
        <time dateTime={preview.expires}>{formatLongDate(preview.expires.slice(0, 10))}</time>.
      </p>
      <a href={`${LEAVE_PREVIEW_PATH}?name=${preview.name}&to=${encodeURIComponent(path)}`}>Leave preview</a>
    </aside>
  );
}
