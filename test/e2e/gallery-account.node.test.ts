// The gallery's other elements: session, wallet (long names and addresses), on-ramp, transaction
// status, sign-up, code boxes, passkey and OAuth buttons, proof badge, signed out and logged in;
// each theme, language and width, checked with axe and for text outside its box
// (support/gallery-run.ts).
import { galleryTests } from './support/gallery-run.ts';
import { SCENE_NAMES } from './pages/gallery-scenes.ts';

galleryTests(
  'the gallery, every other element',
  SCENE_NAMES.filter((scene) => !scene.startsWith('auth-')),
);
