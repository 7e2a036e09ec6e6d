/**
 * `latchkey/consensus`: requests a policy holds for approval (list, approve, reject, wait for
 * the decision), as functions over a session. Apart from latchkey/signing because the session's
 * export loads them lazily: an entry that re-exported them would put them on every signing page.
 */
export { listApprovals, approveActivity, rejectActivity, waitForDecision } from '../session/approvals.ts';
export type { ApprovalSession, ListApprovalsOptions, WaitForDecisionOptions } from '../session/approvals.ts';
