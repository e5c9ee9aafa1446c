import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { SearchHit } from '../../contracts/page-payload.ts';
import { SEARCH_API_PATH } from '../../contracts/routes.ts';
import { SectionLabel, Snippet } from './SearchResults.tsx';

const DEBOUNCE_MS = 120;

/**
 * The header search: a plain GET form to /search (works without JavaScript); with it,
 * results appear as you type, arrow keys move through them, Enter opens one, Escape closes.
 * "/" anywhere on the page jumps here (client/browser/search-shortcut.ts, from the first paint).
 */
export function SearchBox({ path }: { path: string }) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchHit[] | null>(null);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  // What the reader typed before React hydrated the box (its focus is what loads React).
  useEffect(() => {
    const typed = input.current?.value;
    if (typed) setQuery(typed);
  }, []);

  // A new page closes the results.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `path` is the trigger, not an input.
  useEffect(() => {
    setResults(null);
    setActive(-1);
  }, [path]);

  // Results as you type: debounced, and an older request never overwrites a newer one.
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${SEARCH_API_PATH}?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ results: SearchHit[] }>) : { results: [] }))
        .then((json) => {
          setResults(json.results);
          setActive(-1);
        })
        .catch(() => {
          // Aborted by newer typing, or offline: the form still submits to /search.
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const open = results !== null;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!results) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (results.length === 0 ? -1 : (i + step + results.length) % results.length));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      // A click on the link: the client router takes it from there.
      document.getElementById(optionId(active))?.querySelector('a')?.click();
    } else if (event.key === 'Escape') {
      setResults(null);
      setActive(-1);
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the browsers the site serves; axe checks the landmark.
    <form className="search-box" role="search" action="/search" method="get">
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        Search guides and news
      </label>
      <input
        ref={input}
        id={`${listId}-input`}
        // A text input, not type="search": HTML allows role="combobox" and aria-expanded on
        // that one only (the Nu Html Checker flags them on a search input). The form's
        // role="search" names the landmark; enterKeyHint keeps a phone's "search" key.
        type="text"
        enterKeyHint="search"
        name="q"
        placeholder="Search (press /)"
        autoComplete="off"
        maxLength={200}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${listId}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
      />
      <button type="submit" className="visually-hidden">
        Search
      </button>
      <div className="search-popup" hidden={!open}>
        {/* The ARIA 1.2 combobox pattern (a listbox of options, focus kept in the input): axe checks it. */}
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox pattern's listbox */}
        <ul id={`${listId}-list`} role="listbox" aria-label="Search results">
          {results?.map((hit, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: options stay unfocused; the input keeps focus (aria-activedescendant)
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox pattern's options
            <li key={hit.href} id={optionId(i)} role="option" aria-selected={i === active} className={i === active ? 'active' : undefined}>
              <a href={hit.href} tabIndex={-1}>
                <strong>{hit.title}</strong> <SectionLabel hit={hit} />
                <Snippet hit={hit} />
              </a>
            </li>
          ))}
        </ul>
        {results?.length === 0 && <p className="search-empty">No results for “{query.trim()}”.</p>}
      </div>
    </form>
  );
}
