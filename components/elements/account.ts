/**
 * `latchkey/account`: defines `<latch-account>` (idempotently) and nothing else; its account code
 * (get_user and the changes) loads when a session shows.
 */
import { LatchAccount } from '../latch-account/latch-account.ts';

LatchAccount.define();

export { LatchAccount };
