/**
 * The theme switch: the same markup in either theme, the stylesheet showing the half that fits; its click is handled
 * by the head's first inline script (client/theme-first.ts), so it works before any other script. Pure.
 */
export function ThemeToggle() {
  return (
    <button type="button" className="theme-toggle" data-theme-toggle="">
      <span className="theme-toggle-to-light">
        <span aria-hidden="true">☀</span>
        <span className="visually-hidden">Switch to light theme</span>
      </span>
      <span className="theme-toggle-to-dark">
        <span aria-hidden="true">☾</span>
        <span className="visually-hidden">Switch to dark theme</span>
      </span>
    </button>
  );
}
