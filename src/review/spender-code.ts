/**
 * An approval or permit whose spender has no code: drainers collect approvals with plain accounts
 * (a key, not a contract), while a real protocol's spender is a contract. For every section
 * that delegates (`delegation`: approve, increaseAllowance, setApprovalForAll, Permit2, EIP-2612
 * and DAI permits), the spender's or operator's code is read from the chain (`eth_getCode`); none
 * (or only an EIP-7702 delegation designator, which is still an account with a key) adds
 * 'no-code-spender' to the section and the review. A code that cannot be read (no rpcUrl, a dead
 * node, no answer within ~1.5 s) adds nothing: that is said by `not-simulated` for transactions,
 * and a guess is not a warning.
 *
 * Its own module, loaded with `import()` only when a review delegates and an rpcUrl is known.
 */
import type { RequestReview, ReviewSection, ReviewWarning } from './request-review.ts';
import { chainRpc } from './chain-rpc.ts';

const TIMEOUT_MS = 1_500;
/** EIP-7702: an account's code set to 0xef0100 ‖ address is a delegation, not a contract of its own. */
const DELEGATION_DESIGNATOR = /^0xef0100[0-9a-f]{40}$/i;

const delegates = (section: ReviewSection) => section.warnings?.includes('delegation') === true;
const spendersOf = (section: ReviewSection) =>
  section.rows.filter((r) => (r.label === 'spender' || r.label === 'operator') && /^0x[0-9a-fA-F]{40}$/.test(r.value)).map((r) => r.value.toLowerCase());

async function hasNoCode(url: string, address: string, signal: AbortSignal, fetcher: typeof fetch): Promise<boolean> {
  try {
    const result = await chainRpc(url, 'eth_getCode', [address, 'latest'], fetcher, signal);
    // Only a well-formed answer decides; anything else is not known, and not warned.
    return typeof result === 'string' && /^0x([0-9a-f]{2})*$/i.test(result) && (result.length === 2 || DELEGATION_DESIGNATOR.test(result));
  } catch {
    return false;
  }
}

/** The review with 'no-code-spender' on each delegating section whose spender has no code. */
export async function withSpenderCode(review: RequestReview, rpcUrl: string | undefined, fetcher: typeof fetch = fetch, timeoutMs = TIMEOUT_MS): Promise<RequestReview> {
  const spenders = [...new Set(review.sections.filter(delegates).flatMap(spendersOf))];
  if (!rpcUrl || !spenders.length) return review;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let codeless: Set<string>;
  try {
    const answers = await Promise.all(spenders.map(async (s) => [s, await hasNoCode(rpcUrl, s, controller.signal, fetcher)] as const));
    codeless = new Set(answers.filter(([, none]) => none).map(([s]) => s));
  } finally {
    clearTimeout(timer);
  }
  if (!codeless.size) return review;
  const sections = review.sections.map((section) =>
    delegates(section) && spendersOf(section).some((s) => codeless.has(s)) ? { ...section, warnings: [...section.warnings!, 'no-code-spender' as const] } : section,
  );
  // Right after the delegation it qualifies.
  const warnings: ReviewWarning[] = [...review.warnings];
  const at = warnings.indexOf('delegation');
  warnings.splice(at === -1 ? warnings.length : at + 1, 0, 'no-code-spender');
  return { ...review, sections, warnings };
}
