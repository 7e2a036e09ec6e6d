// The gallery's account elements: session, wallet (long names and addresses), on-ramp and
// transaction status, signed out and logged in; requests waiting for approval, in <latch-approvals>
// and in the wallet whose export waits; each theme, language and width, checked with axe
// and for text outside its box (support/gallery-run.ts).
import { galleryTests } from './support/gallery-run.ts';

galleryTests('the gallery, account elements', ['session-empty', 'session-logged-in', 'wallet-signed-out', 'wallet-accounts', 'onramp-signed-out', 'onramp-form', 'tx-status-empty', 'approvals-pending', 'wallet-export-pending', 'step-up']);
