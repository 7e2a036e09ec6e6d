/**
 * `latchkey/wallet-activity`: defines `<latch-wallet-activity>` (idempotently) and nothing else: the user's recent sends with their status.
 * A page that needs only this part of the wallet pays only for it.
 */
import { LatchWalletActivity } from '../latch-wallet-activity/latch-wallet-activity.ts';

LatchWalletActivity.define();

export { LatchWalletActivity };
