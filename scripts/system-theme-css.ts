/**
 * PostCSS plugin: each light-theme rule also applies, in `prefers-color-scheme: light`, to a page with no chosen theme.
 * Pure: each copy goes right after its rule, so the light rules keep their cascade order.
 */
import type { PluginCreator, Rule } from 'postcss';

const LIGHT = /html\[data-theme=(['"]?)light\1\]/;
const SYSTEM = 'html:not([data-theme])';
export const SYSTEM_LIGHT_MEDIA = '(prefers-color-scheme: light)';

/** So the light theme is written once, and a visitor with no chosen theme gets the system's at first paint, with no script. */
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
