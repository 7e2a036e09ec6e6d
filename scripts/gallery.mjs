#!/usr/bin/env node
// npm run gallery: every element in each state, theme, language and width as PNG pictures in
// .gallery/, with .gallery/index.html to review them. The same renderings are checked (axe, text
// outside its box) by the gallery's end-to-end files, which `npm test` runs without pictures.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';
import { ensureEngines } from './engines.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, '.gallery');

ensureDeps();
// Debian's Chromium, installed when missing (as root), as npm test does.
const { chrome } = ensureEngines(['chromium']).chromium;
rmSync(OUT, { recursive: true, force: true });
// Pictures take time: more than npm test allows an end-to-end file (LATCHKEY_E2E_TIMEOUT_MS).
const run = spawnSync(
  process.execPath,
  [join(ROOT, 'scripts/node-tests.mjs'), 'test/e2e/gallery-'],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome, LATCHKEY_GALLERY_OUT: OUT, LATCHKEY_E2E_TIMEOUT_MS: '900000' } },
);
if (run.status === 0) console.log(`\nThe gallery: ${join(OUT, 'index.html')}`);
process.exit(run.status ?? 1);
