/**
 * `latchkey/tx-status`: defines `<latch-tx-status>` (idempotently) and nothing else, so a page pays only
 * for this element and what it imports; other elements it shows load lazily on use.
 */
import { LatchTxStatus } from '../latch-tx-status/latch-tx-status.ts';

LatchTxStatus.define();

export { LatchTxStatus };
