/**
 * The header search: a plain GET form to /search; results as you type come from client/browser/search-box.ts.
 */
export function SearchBox() {
  // Fixed ids: one header per page, and the same HTML in the document and the page-HTML API.
  const id = 'site-search';
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the browsers the site serves; axe checks the landmark.
    <form className="search-box" role="search" action="/search" method="get">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search guides and news
      </label>
      <input
        id={`${id}-input`}
        // A text input, not type="search": HTML allows role="combobox" and aria-expanded on
        // that one only (the Nu Html Checker flags them on a search input). The form's
        // role="search" names the landmark; enterKeyHint keeps a phone's "search" key.
        type="text"
        enterKeyHint="search"
        name="q"
        placeholder="Search (press /)"
        autoComplete="off"
        maxLength={200}
        role="combobox"
        aria-expanded={false}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
      />
      <button type="submit" className="visually-hidden">
        Search
      </button>
      <div className="search-popup" hidden>
        {/* The ARIA 1.2 combobox pattern (a listbox of options, focus kept in the input): axe checks it. */}
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox pattern's listbox */}
        <ul id={`${id}-list`} role="listbox" aria-label="Search results" />
        <p className="search-empty" hidden />
      </div>
    </form>
  );
}
