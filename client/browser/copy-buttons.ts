/**
 * Copy buttons on code blocks (event delegation: works for blocks added later too).
 * Copy → "Copied!"; where the clipboard is refused or missing, the code is selected and the
 * label asks for Ctrl+C. The label returns to "Copy" after five seconds.
 */
import { announce } from './announce.ts';

export const COPY_RESET_MS = 5000;
const timers = new WeakMap<HTMLElement, number>();

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
