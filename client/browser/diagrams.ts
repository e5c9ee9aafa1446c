/** Mermaid diagrams left to the browser, a chunk loaded only for pages that have one, as mermaid is. I/O: the DOM, chunk imports. */
type Mermaid = typeof import('mermaid')['default'];

let mermaidLoad: Promise<Mermaid> | undefined;
let counter = 0;

async function loadMermaid(): Promise<Mermaid> {
  const module = (await import('mermaid')) as { default?: Mermaid } | undefined;
  if (!module?.default) throw new Error('the mermaid chunk did not load');
  module.default.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: 'dark',
    fontFamily: 'inherit',
    // Edge labels: the dark theme's own grey (#585858) under #ccc text is below AA (4.4:1).
    themeVariables: {
      primaryColor: '#262626',
      primaryBorderColor: '#ff4500',
      primaryTextColor: '#ededed',
      lineColor: '#a3a3a3',
      edgeLabelBackground: '#333333',
    },
  });
  return module.default;
}

/** Replaces each diagram's source with its SVG; where mermaid cannot load or draw, the source stays, with a note. */
export async function renderDiagrams(root: ParentNode = document): Promise<void> {
  const figures = [...root.querySelectorAll<HTMLElement>('[data-diagram]:not([data-diagram-state])')];
  if (figures.length === 0) return;
  for (const figure of figures) figure.dataset.diagramState = 'loading';
  let mermaid: Mermaid;
  try {
    mermaidLoad ??= loadMermaid();
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
    } catch (error) {
      console.warn('Diagram not drawn', error);
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
