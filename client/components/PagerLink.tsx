import type { ArticleLink } from '../../contracts/page-payload.ts';

/** One end of a pager: the direction, then the title of the page it leads to. */
export function PagerLink({ link, label, rel }: { link: ArticleLink; label: string; rel: 'prev' | 'next' }) {
  return (
    <li className={`pager-${rel}`}>
      <a href={link.href} rel={rel}>
        <span className="pager-label">
          {label}
          <span className="visually-hidden">: </span>
        </span>
        <span className="pager-title">{link.title}</span>
      </a>
    </li>
  );
}
