/**
 * `latchkey`: the kit (configure, getKit, LatchKit), its stores, the proxy client and errors.
 * Runs in browsers and in Node 20+; no lit, no DOM at import time.
 *
 * The kit loads the session, key store and each login flow lazily. This entry re-exports none of
 * them (nor anything they import), so no bundler can put them on the page up front: esbuild, with
 * code splitting, puts a module that the entry reaches statically and a lazy chunk also needs in a
 * chunk the entry imports, whether or not the page uses it. They have entries of their own:
 * latchkey/signing (key stores, stamps, Activity client, signing session), latchkey/flows,
 * latchkey/tokens, latchkey/bundles, latchkey/consensus, latchkey/encoding, latchkey/proofs and
 * latchkey/digests. Their types are re-exported here too (types cost nothing at run time).
 */
export { LatchError, isLatchError } from './errors/latch-error.ts';
export { LatchErrorCodes } from './errors/latch-error-codes.ts';
export type { LatchErrorCode, LatchErrorOptions } from './errors/latch-error.ts';

// Clients
export { ProxyClient, normalizeWalletKitConfig } from './clients/proxy-client.ts';
export type { ProxyClientOptions } from './clients/proxy-client.ts';
export type * from './clients/proxy-types.ts';
// Named, so it wins over proxy-types' own ClientSignature (the kit's signature, as before).
export type { ClientSignature } from './tokens/client-signature.ts';

// State (nanostores)
export { $session, setSession, trackSession } from './state/session-state.ts';
export { $config, setConfig } from './state/config-state.ts';
export { $flow, startFlow, setFlowStep, failFlow, endFlow } from './state/flow-state.ts';
export type { FlowStatus } from './state/flow-state.ts';

// The kit: the one object the elements (and any framework binding) talk to
export { LatchKit, KitFlows } from './kit/latch-kit.ts';
export type { LatchKitOptions, ProofTrust, CompleteOtpOptions, FinishOAuthOptions, PasskeySignupOptions, KitFlow, CaptchaProvider, TurnstileCaptcha } from './kit/latch-kit.ts';
export type { LoginOutcome, LogoutDetail, LogoutReason, SessionExpiringDetail, LatchKitEventMap, LatchKitEventType } from './kit/kit-events.ts';
export { $defaultKit, configure, getKit, kitFor } from './kit/configure.ts';
export { LoginMethods, isLoginMethod, orderLoginMethods } from './kit/login-methods.ts';
export type { LoginMethod } from './kit/login-methods.ts';

// Types only: the values live in the finer entries named above.
export type * from './entries/encoding.ts';
export type * from './entries/signing.ts';
export type * from './entries/consensus.ts';
export type * from './entries/tokens.ts';
export type * from './entries/bundles.ts';
export type * from './entries/flows.ts';
export type * from './entries/proofs.ts';
export type * from './entries/digests.ts';
