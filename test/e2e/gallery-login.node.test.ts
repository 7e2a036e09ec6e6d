// The gallery's login scenes: <latch-auth> loading, its methods, a config that failed, a field
// error, the code step, logged in (a long name) and as a modal; each theme, language and width,
// checked with axe and for text outside its box (support/gallery-run.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { galleryTests } from './support/gallery-run.ts';
import { SCENE_NAMES } from './pages/gallery-scenes.ts';

it('every scene is visited by one of the gallery files', () => {
  const dir = new URL('.', import.meta.url);
  const sources = readdirSync(dir)
    .filter((file) => file.startsWith('gallery-') && file.endsWith('.node.test.ts'))
    .map((file) => readFileSync(new URL(file, dir), 'utf8'))
    .join('\n');
  const visited = SCENE_NAMES.filter((scene) => scene.startsWith('auth-') || sources.includes(`'${scene}'`));
  assert.deepEqual(visited, [...SCENE_NAMES]);
});

galleryTests(
  'the gallery, logging in',
  SCENE_NAMES.filter((scene) => scene.startsWith('auth-')),
  { selfTest: true },
);
