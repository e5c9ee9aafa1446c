/**
 * Code samples: each `[data-sample]` placeholder in an article fetches its file from
 * /api/_analog/samples/ and shows it as a code block with a copy button.
 */
import { sampleApiPath } from '../../contracts/routes.ts';

export async function loadCodeSamples(root: ParentNode = document): Promise<void> {
  const placeholders = [...root.querySelectorAll<HTMLElement>('[data-sample]:not([data-sample-state])')];
  await Promise.all(placeholders.map(loadSample));
}

async function loadSample(box: HTMLElement): Promise<void> {
  const path = box.dataset.sample ?? '';
  box.dataset.sampleState = 'loading';
  const status = document.createElement('p');
  status.className = 'code-sample-status';
  status.setAttribute('role', 'status');
  status.textContent = 'Loading…';
  box.append(status);

  let message: string | null = null;
  let text = '';
  try {
    const response = await fetch(sampleApiPath(path));
    if (response.status === 404) message = 'File does not exist or is empty';
    else if (!response.ok) message = `Error ${response.status} while fetching file`;
    else {
      text = await response.text();
      if (text.trim() === '') message = 'File does not exist or is empty';
    }
  } catch {
    message = 'Error while fetching file: the network request failed';
  }

  if (message) {
    status.textContent = message;
    box.dataset.sampleState = 'error';
    return;
  }
  status.remove();
  box.dataset.sampleState = 'loaded';
  box.append(codeBlock(text, path));
}

function codeBlock(text: string, path: string): HTMLElement {
  const block = document.createElement('div');
  block.className = 'code-block';
  const bar = document.createElement('div');
  bar.className = 'code-block-bar';
  const lang = document.createElement('span');
  lang.className = 'code-block-lang';
  lang.textContent = path.split('/').pop() ?? path;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy-button';
  button.dataset.copy = '';
  button.setAttribute('aria-label', 'Copy code to clipboard');
  button.textContent = 'Copy';
  bar.append(lang, button);
  const pre = document.createElement('pre');
  pre.tabIndex = 0;
  const code = document.createElement('code');
  code.textContent = text;
  pre.append(code);
  block.append(bar, pre);
  return block;
}
