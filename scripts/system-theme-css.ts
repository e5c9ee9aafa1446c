/**
 * A PostCSS plugin for the client build (vite.config.ts): every rule written for the
 * light theme (`html[data-theme='light'] …`) also applies, inside
 * `@media (prefers-color-scheme: light)`, to a page with no chosen theme (`html:not([data-theme])`).
 * So the stylesheet says the light theme once, and a visitor without a theme cookie gets the
 * system's theme at the first paint, with no script and the same HTML for everyone.
 *
 * Pure: transforms the stylesheet it is given. Each copy goes right after its rule (inside the
 * same at-rule, if any), so the cascade order of the light rules is kept.
 */
import type { PluginCreator, Rule } from 'postcss';

const LIGHT = /html\[data-theme=(['"]?)light\1\]/;
const SYSTEM = 'html:not([data-theme])';
export const SYSTEM_LIGHT_MEDIA = '(prefers-color-scheme: light)';

export const systemThemeCss: PluginCreator<void> = () => ({
  postcssPlugin: 'race-element-system-theme',
  Once(root, { AtRule }) {
    const lightRules: Rule[] = [];
    root.walkRules((rule) => {
      // A rule nested in a rule (CSS nesting) is left to its parent's selector.
      if (rule.parent?.type !== 'rule' && rule.selectors.some((s) => LIGHT.test(s))) lightRules.push(rule);
    });
    for (const rule of lightRules) {
      const selectors = rule.selectors.filter((s) => LIGHT.test(s)).map((s) => s.replace(LIGHT, SYSTEM));
      const media = new AtRule({ name: 'media', params: SYSTEM_LIGHT_MEDIA });
      media.append(rule.clone({ selectors }));
      rule.after(media);
    }
  },
});
systemThemeCss.postcss = true;
