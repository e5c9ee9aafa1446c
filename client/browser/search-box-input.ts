/** The header search box's input as components/SearchBox.tsx renders it: what the entry and its chunks look for. Pure. */
export const SEARCH_BOX_SELECTOR = 'form.search-box input[name="q"]';
