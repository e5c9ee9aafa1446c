import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
const sources = ['guide-multi-sim.md', 'news-setuplink.md', 'version-2-released.md'].map((f) => /```mermaid\n([\s\S]*?)```/.exec(readFileSync(`content/${f}`, 'utf8'))![1]!);
const t0 = Date.now();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const page = await browser.newPage();
await page.setContent('<!doctype html><html><body></body></html>');
await page.addScriptTag({ path: 'node_modules/mermaid/dist/mermaid.min.js' });
console.log('ready', Date.now() - t0);
const vars: Record<string, string> = {};
const names = ['background','primaryColor','primaryTextColor','primaryBorderColor','secondaryColor','tertiaryColor','lineColor','textColor','mainBkg','nodeBorder','clusterBkg','clusterBorder','titleColor','edgeLabelBackground','nodeTextColor','actorBkg','actorBorder','actorTextColor','actorLineColor','signalColor','signalTextColor','labelBoxBkgColor','labelBoxBorderColor','labelTextColor','loopTextColor','noteBkgColor','noteBorderColor','noteTextColor','activationBkgColor','activationBorderColor','sequenceNumberColor','secondaryTextColor','tertiaryTextColor','secondaryBorderColor','tertiaryBorderColor'];
names.forEach((n, i) => (vars[n] = `#0${(0x10 + i).toString(16)}0f0`.slice(0, 7)));
console.log(vars);
const out = await page.evaluate(async ({ sources, vars }) => {
  const m = (window as any).mermaid;
  m.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'base', htmlLabels: false, flowchart: { htmlLabels: false }, fontFamily: 'system-ui, sans-serif', themeVariables: vars });
  const res = [];
  for (const [i, s] of sources.entries()) res.push((await m.render(`d${i}`, s)).svg);
  return res;
}, { sources, vars });
console.log('drawn', Date.now() - t0);
out.forEach((svg, i) => writeFileSync(`/tmp/visitors-m${i}.svg`, svg));
for (const svg of out) {
  const colours = new Map<string, number>();
  for (const m of svg.matchAll(/#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)|hsla?\([^)]*\)/g)) colours.set(m[0], (colours.get(m[0]) ?? 0) + 1);
  console.log(svg.length, [...colours].filter(([c]) => !/^#0[0-9a-f]{2}0f0$/i.test(c)).map(([c, n]) => `${c}×${n}`).join(' '));
  console.log(svg.slice(0, 300));
}
await browser.close();
