/**
 * `latchkey/proof-badge`: defines `<latch-proof-badge>` (idempotently) and nothing else, so a page pays only
 * for this element and what it imports; other elements it shows load lazily on use.
 */
import { LatchProofBadge } from '../latch-proof-badge/latch-proof-badge.ts';

LatchProofBadge.define();

export { LatchProofBadge };
