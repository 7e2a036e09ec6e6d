/**
 * `latchkey/approvals`: defines `<latch-approvals>` (idempotently) and nothing else, so a page pays
 * only for this element and what it imports; the approvals calls load on first use.
 */
import { LatchApprovals } from '../latch-approvals/latch-approvals.ts';

LatchApprovals.define();

export { LatchApprovals };
