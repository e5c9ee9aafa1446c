import { readFileSync, writeFileSync } from 'node:fs';
import { diagramFigure } from './content/diagram-svg.ts';
for (const i of [0, 1, 2]) {
  const out = diagramFigure(readFileSync(`/tmp/visitors-m${i}.svg`, 'utf8'), 'Diagram');
  writeFileSync(`/tmp/visitors-f${i}.html`, out);
  console.log(out.length, out.slice(0, 300));
  console.log([...new Set(out.match(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi))].join(' '));
}
