/**
 * The theme switch. The same markup whatever the theme: the stylesheet shows the half that
 * fits the theme in effect (chosen, or the system's), so its icon and accessible name are
 * right from the first paint, before any script. The click is handled by the head's first
 * inline script (client/theme-first.ts), which flips the page and remembers the choice in a
 * cookie.
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
