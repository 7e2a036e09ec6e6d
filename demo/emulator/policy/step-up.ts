/**
 * Step-up (issue 13, part 2; issue 24): exporting or importing key material, deleting the
 * account, and adding or removing a way to log in, need a fresh proof that the user is present,
 * checked here on the service side and not only in the page. A request passes when it is stamped by a passkey (an assertion made now), or by
 * a session key whose login was at most `maxAgeSeconds` ago. A refreshed session inherits its
 * login's time (identity/proof-time.ts), so refreshing never freshens the proof. Keys that never
 * expire (a backend's API keys) are not sessions and are exempt. The hosted service has no such
 * rule: a client that does not know it sees an ordinary 403 in the service's error shape.
 */
import { serviceError, Grpc } from '../http/service-error.ts';
import { configForOrganization } from '../config/config-for-organization.ts';
import type { Principal } from '../api/principal.ts';
import type { EmulatorContext } from '../context.ts';
import type { StateView } from '../state/store.ts';

export interface StepUpPolicy {
  /** How old the login behind a session key may be. Default 600 s (10 minutes). */
  maxAgeSeconds: number;
  /**
   * Key material in or out, and deleting the account: export_wallet, export_wallet_account,
   * export_private_key, import_wallet, import_private_key, delete_sub_organization. Default on.
   */
  export: boolean;
  /** Adding or removing passkeys, OAuth logins and API keys (not ending sessions). Default off. */
  credentials: boolean;
}

export const DEFAULT_STEP_UP: StepUpPolicy = { maxAgeSeconds: 600, export: true, credentials: false };

const GUARDED: Record<Exclude<keyof StepUpPolicy, 'maxAgeSeconds'>, ReadonlySet<string>> = {
  export: new Set(['export_wallet', 'export_wallet_account', 'export_private_key', 'import_wallet', 'import_private_key', 'delete_sub_organization']),
  // delete_api_keys stays out: logging out, here or everywhere, must always work.
  credentials: new Set(['create_authenticators', 'delete_authenticators', 'create_oauth_providers', 'delete_oauth_providers', 'create_api_keys']),
};

/** Every operation step-up can guard: the quick test before the policy is looked up. */
const DEFAULT_GUARDS: StepUpPolicy = { maxAgeSeconds: 0, export: true, credentials: true };

/** The service-side answer the kit turns into ERR_STEP_UP_REQUIRED. */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';

export function stepUpGuards(policy: StepUpPolicy | null, operation: string): boolean {
  return !!policy && ((policy.export && GUARDED.export.has(operation)) || (policy.credentials && GUARDED.credentials.has(operation)));
}

/** The emulator's policy, as the proxy configuration over the user's organization overrides it. */
function policyFor(ctx: EmulatorContext, view: StateView, organizationId: string): StepUpPolicy | null {
  const { stepUpMaxAgeSeconds: maxAgeSeconds, stepUpCredentials: credentials } = configForOrganization(ctx, view, organizationId);
  if (maxAgeSeconds === undefined && credentials === undefined) return ctx.stepUp;
  return { ...(ctx.stepUp ?? DEFAULT_STEP_UP), ...(maxAgeSeconds !== undefined ? { maxAgeSeconds } : {}), ...(credentials !== undefined ? { credentials } : {}) };
}

/** Refuses (403, STEP_UP_REQUIRED) a guarded operation whose stamp carries no fresh proof. */
export function requireFreshProof(ctx: EmulatorContext, view: StateView, operation: string, principal: Principal, now: number): void {
  // Cheap test first: this runs on every submit, and most operations are never guarded.
  if (principal.kind !== 'API_KEY' || !stepUpGuards(DEFAULT_GUARDS, operation)) return;
  const policy = policyFor(ctx, view, principal.organizationId);
  if (!stepUpGuards(policy, operation)) return;
  const key = principal.apiKeyId ? view.apiKeys.get(principal.apiKeyId) : undefined;
  if (!key || key.expiresAt === undefined) return;
  const provedAt = key.authenticatedAt ?? key.createdAt;
  if (now - provedAt <= policy!.maxAgeSeconds * 1000) return;
  const minutes = Math.max(1, Math.round(policy!.maxAgeSeconds / 60));
  throw serviceError(
    Grpc.PERMISSION_DENIED,
    STEP_UP_REQUIRED,
    `This action needs a fresh proof that you are present: log in again (a login in the last ${minutes === 1 ? 'minute' : `${minutes} minutes`}), or stamp the request with a passkey.`,
  );
}
