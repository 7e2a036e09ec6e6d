// Tooling metadata, made by `npm run build` after the library: the Custom Elements Manifest
// (`dist/custom-elements.json`, from the elements' JSDoc and lit properties; see
// custom-elements-manifest.config.mjs) and, from it, VS Code's HTML custom data
// (`dist/vscode.html-custom-data.json`: tags, attributes and descriptions in the editor).
// `CEM_OUTDIR` writes both elsewhere (the manifest test does).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './ensure-deps.mjs';

/** The manifest's element declarations: those with a tag. */
export function manifestElements(manifest) {
  return manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName);
}

/** VS Code HTML custom data (version 1.1) from the manifest. */
export function vscodeCustomData(manifest) {
  return {
    version: 1.1,
    tags: manifestElements(manifest).map((element) => ({
      name: element.tagName,
      description: [element.summary ?? element.description ?? '', ...(element.events ?? []).map((e) => `@event ${e.name}: ${e.description ?? ''}`)].filter(Boolean).join('\n\n'),
      attributes: (element.attributes ?? []).map((a) => ({
        name: a.name,
        description: a.description ?? '',
        ...(a.type?.text && /^('[^']*'\s*\|\s*)+'[^']*'$/.test(a.type.text.replace(/\s*\|\s*undefined$/, ''))
          ? { values: a.type.text.replace(/\s*\|\s*undefined$/, '').split('|').map((v) => ({ name: v.trim().slice(1, -1) })) }
          : {}),
      })),
    })),
  };
}

export function buildManifest(outdir = process.env.CEM_OUTDIR ?? join(ROOT, 'dist')) {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze', '--config', join(ROOT, 'custom-elements-manifest.config.mjs')], {
    cwd: ROOT,
    // The analyzer joins its outdir to the working directory: hand it a relative path.
    env: { ...process.env, CEM_OUTDIR: relative(ROOT, outdir) || '.' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const manifest = JSON.parse(readFileSync(join(outdir, 'custom-elements.json'), 'utf8'));
  writeFileSync(join(outdir, 'vscode.html-custom-data.json'), JSON.stringify(vscodeCustomData(manifest), null, 2) + '\n');
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = buildManifest();
  console.log(`manifest: ${manifestElements(manifest).length} elements`);
}
