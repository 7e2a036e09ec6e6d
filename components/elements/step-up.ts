/**
 * `latchkey/step-up`: defines `<latch-step-up>` (idempotently) and nothing else, for a page that
 * asks "Confirm it's you" before an action of its own. `<latch-account>` and `<latch-wallet>`
 * load it by themselves when the service wants a recent login.
 */
import { LatchStepUp } from '../latch-step-up/latch-step-up.ts';

LatchStepUp.define();

export { LatchStepUp };
