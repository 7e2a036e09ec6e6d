// `npm run bench`: the measurements that never belong in tests. For now the size of each entry
// (min, gzip, brotli); later issues add crypto speed, time to interactive and emulator load.
// Markdown on stdout, JSON in .bench/results.json; `--json` prints only the JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDeps, ROOT } from './ensure-deps.mjs';

ensureDeps();
const { measure, sizeTable } = await import('./size.mjs');
const jsonOnly = process.argv.includes('--json');
const sizes = await measure();
const results = { date: new Date().toISOString(), node: process.version, sizes };
mkdirSync(join(ROOT, '.bench'), { recursive: true });
writeFileSync(join(ROOT, '.bench', 'results.json'), JSON.stringify(results, null, 2));
if (jsonOnly) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log('## Size (initial JavaScript, everything bundled, minified)\n');
  console.log(sizeTable(sizes));
  console.log(`\nJSON: ${join('.bench', 'results.json')}`);
}
