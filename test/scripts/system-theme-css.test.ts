/** The build's PostCSS step that lets a page without a chosen theme follow the system's. */
import postcss from 'postcss';
import { describe, expect, test } from 'vitest';
import { systemThemeCss } from '../../scripts/system-theme-css.ts';

/** CSS without the white space around punctuation: how it is printed does not matter here. */
const squeeze = (css: string) => css.replace(/\s*([{};,])\s*/g, '$1').trim();
const run = async (css: string) => squeeze((await postcss([systemThemeCss()]).process(css, { from: undefined })).css);

describe('systemThemeCss', () => {
  test('a light-theme rule is repeated for no chosen theme under prefers-color-scheme: light, right after it', async () => {
    expect(await run(":root { --bg: #000; }\nhtml[data-theme='light'] { --bg: #fff; }\n.x { color: red; }")).toBe(
      squeeze(
        ":root { --bg: #000; } html[data-theme='light'] { --bg: #fff; } @media (prefers-color-scheme: light) { html:not([data-theme]) { --bg: #fff; } } .x { color: red; }",
      ),
    );
  });

  test('in a selector list only the light selectors are copied; quotes of any kind', async () => {
    expect(await run('.a, html[data-theme="light"] .b, html[data-theme=light] .c { display: none; }')).toBe(
      squeeze(
        '.a, html[data-theme="light"] .b, html[data-theme=light] .c { display: none; } @media (prefers-color-scheme: light) { html:not([data-theme]) .b, html:not([data-theme]) .c { display: none; } }',
      ),
    );
  });

  test('a light rule inside an at-rule gets its copy there', async () => {
    expect(await run("@media (max-width: 40rem) { html[data-theme='light'] .x { color: red; } }")).toBe(
      squeeze(
        "@media (max-width: 40rem) { html[data-theme='light'] .x { color: red; } @media (prefers-color-scheme: light) { html:not([data-theme]) .x { color: red; } } }",
      ),
    );
  });

  test('dark and unrelated rules are left alone', async () => {
    const css = "html[data-theme='dark'] { --bg: #000; } .light { color: red; } @media (max-width: 40rem) { .y { color: blue; } }";
    expect(await run(css)).toBe(squeeze(css));
  });
});
