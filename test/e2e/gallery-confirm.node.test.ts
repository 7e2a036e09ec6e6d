// The gallery's confirmation sheet (issue 36): <latch-confirm> with the warnings of a drainer's
// approval (unlimited, delegation, a spender with no code) and what it changes, and a Solana
// drain's simulated changes (SOL with the fee, SPL amounts, a delegate, an account handed over
// and closed); each theme, language and width, checked with axe and for text outside its box
// (support/gallery-run.ts).
import { galleryTests } from './support/gallery-run.ts';

galleryTests('the gallery, the confirmation sheet', ['confirm-evm-warnings', 'confirm-solana-changes']);
