/** Copy buttons on code blocks. I/O: a click listener on the document, the clipboard. */
import { announce } from './announce.ts';

/** How long "Copied!" (or the Ctrl+C hint) shows before the label returns to "Copy". */
export const COPY_RESET_MS = 5000;
const timers = new WeakMap<HTMLElement, number>();

/**
 * Handles every `[data-copy]` button, later ones too (event delegation); where the clipboard is refused
 * or missing, selects the code and asks for Ctrl+C.
 */
export function installCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-copy]');
    if (button) void copyFrom(button);
  });
}

export async function copyFrom(button: HTMLButtonElement): Promise<void> {
  const code = button.closest('.code-block')?.querySelector('pre');
  if (!code) return;
  const text = code.textContent ?? '';
  let label: string;
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    label = 'Copied!';
  } catch {
    selectContents(code);
    label = 'Press Ctrl+C to copy';
  }
  setLabel(button, label);
  announce(label === 'Copied!' ? 'Code copied to clipboard' : 'Code selected: press Ctrl+C to copy');
  clearTimeout(timers.get(button));
  timers.set(
    button,
    window.setTimeout(() => setLabel(button, 'Copy'), COPY_RESET_MS),
  );
}

function setLabel(button: HTMLButtonElement, label: string): void {
  button.textContent = label;
  button.dataset.state = label === 'Copy' ? '' : label === 'Copied!' ? 'copied' : 'manual';
}

function selectContents(element: Element): void {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
