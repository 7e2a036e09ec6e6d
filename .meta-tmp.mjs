import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
writeFileSync('/work/main/.entry-tmp.ts', process.argv[2]);
const r = await build({ entryPoints: ['/work/main/.entry-tmp.ts'], bundle: true, minify: true, format: 'esm', splitting: true, outdir: '/tmp/metaout', metafile: true, write: false, alias: { '@': process.cwd() }, logLevel: 'silent' });
const outs = r.metafile.outputs; const seen = new Set(); const totals = {};
const walk = (p) => { if (seen.has(p)) return; seen.add(p); for (const [f, v] of Object.entries(outs[p].inputs)) totals[f] = (totals[f] ?? 0) + v.bytesInOutput; for (const i of outs[p].imports) if (i.kind === 'import-statement' && outs[i.path]) walk(i.path); };
walk(Object.keys(outs).find((k) => outs[k].entryPoint));
for (const [f, b] of Object.entries(totals).sort((a, b) => b[1] - a[1])) console.log(b, f);
