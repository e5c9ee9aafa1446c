/**
 * Mermaid diagrams, loaded only on pages that have one. The diagram source stays visible
 * until the SVG replaces it; if the mermaid chunk cannot be loaded (Vite's
 * `vite:preloadError`, or the import failing), the source simply stays, with a note.
 */
let mermaidLoad: Promise<typeof import('mermaid')['default']> | undefined;
let counter = 0;

export function installPreloadErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Handled where the import is awaited: keep the page working instead of throwing.
    event.preventDefault();
  });
}

export async function renderDiagrams(root: ParentNode = document): Promise<void> {
  const figures = [...root.querySelectorAll<HTMLElement>('[data-diagram]:not([data-diagram-state])')];
  if (figures.length === 0) return;
  for (const figure of figures) figure.dataset.diagramState = 'loading';
  let mermaid;
  try {
    mermaidLoad ??= import('mermaid').then((m) => {
      m.default.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'dark', fontFamily: 'inherit' });
      return m.default;
    });
    mermaid = await mermaidLoad;
  } catch {
    mermaidLoad = undefined; // a later page may try again
    for (const figure of figures) showSource(figure, 'The diagram could not be loaded; here is its source.');
    return;
  }
  for (const figure of figures) {
    const source = figure.querySelector('.diagram-source')?.textContent ?? '';
    try {
      const { svg } = await mermaid.render(`diagram-${++counter}`, source);
      figure.innerHTML = svg;
      figure.dataset.diagramState = 'rendered';
    } catch {
      showSource(figure, 'The diagram could not be drawn; here is its source.');
    }
  }
}

function showSource(figure: HTMLElement, note: string): void {
  figure.dataset.diagramState = 'source';
  if (figure.querySelector('figcaption')) return;
  const caption = document.createElement('figcaption');
  caption.className = 'diagram-note';
  caption.textContent = note;
  figure.append(caption);
}
