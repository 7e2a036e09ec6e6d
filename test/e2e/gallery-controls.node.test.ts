// The gallery's controls: sign-up, code boxes (empty and wrong), passkey and OAuth buttons and the
// proof badge; each theme, language and width, checked with axe and for text outside its box
// (support/gallery-run.ts).
import { galleryTests } from './support/gallery-run.ts';

galleryTests('the gallery, controls', ['signup', 'otp-input', 'otp-input-error', 'passkey-button', 'oauth-buttons', 'proof-badge-empty']);
