// The gallery's login scenes: <latch-auth> loading, its methods, a config that failed, a field
// error, the code step, logged in (a long name) and as a modal; each theme, language and width,
// checked with axe and for text outside its box (support/gallery-run.ts).
import { galleryTests } from './support/gallery-run.ts';
import { SCENE_NAMES } from './pages/gallery-scenes.ts';

galleryTests(
  'the gallery, logging in',
  SCENE_NAMES.filter((scene) => scene.startsWith('auth-')),
  { selfTest: true },
);
