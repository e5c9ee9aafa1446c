/**
 * The header search box's results as you type, in plain code (the ARIA 1.2 combobox pattern), loaded when the reader
 * goes to the box (search-shortcut.ts); by event delegation, so a box the router swaps in works at once. I/O: document
 * listeners, search API fetches.
 */
import type { SearchHit } from '../../contracts/page-payload.ts';
import { SEARCH_API_PATH } from '../../contracts/routes.ts';
import { formatLongDate } from '../format-date.ts';
import { SEARCH_BOX_SELECTOR } from './search-box-input.ts';

const DEBOUNCE_MS = 120;

interface BoxState {
  input: HTMLInputElement;
  results: SearchHit[] | null;
  active: number;
}

let state: BoxState | undefined;
let timer: number | undefined;
let request: AbortController | undefined;

const boxOf = (target: EventTarget | null): HTMLInputElement | null =>
  (target as Element | null)?.closest?.<HTMLInputElement>(SEARCH_BOX_SELECTOR) ?? null;

/** Wires every box, and searches for what was typed before this code came. */
export function installSearchBox(): void {
  document.addEventListener('input', (event) => {
    const input = boxOf(event.target);
    if (input) search(input);
  });
  document.addEventListener('keydown', onKeyDown);
  const typed = document.querySelector<HTMLInputElement>(SEARCH_BOX_SELECTOR);
  if (typed?.value.trim()) search(typed);
}

function search(input: HTMLInputElement): void {
  clearTimeout(timer);
  request?.abort();
  const query = input.value.trim();
  if (!query) {
    show(input, null);
    return;
  }
  const controller = new AbortController();
  request = controller;
  timer = window.setTimeout(() => {
    fetch(`${SEARCH_API_PATH}?q=${encodeURIComponent(query)}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ results: SearchHit[] }>) : { results: [] }))
      .then((json) => {
        if (!controller.signal.aborted && input.isConnected) show(input, json.results);
      })
      .catch(() => {
        // Aborted by newer typing, or offline: the form still submits to /search.
      });
  }, DEBOUNCE_MS);
}

function parts(input: HTMLInputElement) {
  const form = input.closest('form');
  return {
    popup: form?.querySelector<HTMLElement>('.search-popup'),
    list: form?.querySelector<HTMLElement>('[role="listbox"]'),
    empty: form?.querySelector<HTMLElement>('.search-empty'),
  };
}

function show(input: HTMLInputElement, results: SearchHit[] | null): void {
  state = { input, results, active: -1 };
  const { popup, list, empty } = parts(input);
  if (!popup || !list) return;
  list.replaceChildren(...(results ?? []).map((hit, i) => option(hit, `${list.id}-option-${i}`)));
  popup.hidden = results === null;
  if (empty) {
    empty.hidden = results?.length !== 0;
    empty.textContent = `No results for “${input.value.trim()}”.`;
  }
  input.setAttribute('aria-expanded', String(results !== null));
  input.removeAttribute('aria-activedescendant');
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One result, as components/SearchResults.tsx renders it on the results page. */
function option(hit: SearchHit, id: string): HTMLLIElement {
  const item = element('li');
  item.id = id;
  item.setAttribute('role', 'option');
  item.setAttribute('aria-selected', 'false');
  const link = element('a');
  link.href = hit.href;
  link.tabIndex = -1;
  const section = `${hit.section === 'news' ? 'News' : 'Guide'}${hit.date ? ` · ${formatLongDate(hit.date)}` : ''}`;
  const snippet = element('p', 'search-snippet');
  snippet.append(...hit.snippet.map((part) => element(part.mark ? 'mark' : 'span', undefined, part.text)));
  link.append(element('strong', undefined, hit.title), ' ', element('span', 'search-section', section), snippet);
  item.append(link);
  return item;
}

function setActive(current: BoxState, index: number): void {
  current.active = index;
  const options = parts(current.input).list?.querySelectorAll<HTMLElement>('[role="option"]') ?? [];
  options.forEach((node, i) => {
    node.setAttribute('aria-selected', String(i === index));
    node.classList.toggle('active', i === index);
  });
  const chosen = options[index];
  if (chosen) current.input.setAttribute('aria-activedescendant', chosen.id);
  else current.input.removeAttribute('aria-activedescendant');
}

function onKeyDown(event: KeyboardEvent): void {
  const input = boxOf(event.target);
  const current = state;
  if (!input || current?.input !== input || !current.results) return;
  const count = current.results.length;
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    setActive(current, count === 0 ? -1 : (current.active + step + count) % count);
  } else if (event.key === 'Enter' && current.active >= 0) {
    event.preventDefault();
    // The reader chose a page: the router takes the click, and its heading the focus.
    const link = parts(input).list?.querySelectorAll('[role="option"] a')[current.active] as HTMLAnchorElement | undefined;
    input.blur();
    link?.click();
  } else if (event.key === 'Escape') show(input, null);
}
