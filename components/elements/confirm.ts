/**
 * `latchkey/confirm`: defines `<latch-confirm>` (idempotently) and nothing else: the confirmation
 * sheet. Pages using `latchkey/eip1193` need not import it: the provider loads it on the first request.
 */
import { LatchConfirm } from '../latch-confirm/latch-confirm.ts';

LatchConfirm.define();

export { LatchConfirm };
