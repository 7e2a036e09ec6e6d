/**
 * `latchkey`: the framework-agnostic core. Runs in browsers and in Node 20+; no lit, no DOM at
 * import time. Heavy pieces (HPKE, curve libraries, SimpleWebAuthn) sit in their own modules
 * and are loaded only by the functions that need them, so a bundler keeps a page that only
 * signs small.
 */
export { LatchError, LatchErrorCodes, isLatchError } from './errors/latch-error.ts';
export type { LatchErrorCode, LatchErrorOptions } from './errors/latch-error.ts';

// Encodings and P-256 helpers
export { toHex, fromHex } from './encoding/hex.ts';
export { toBase64Url, fromBase64Url } from './encoding/base64url.ts';
export { toBase58Check, fromBase58Check } from './encoding/base58check.ts';
export { compressPublicKey, decompressPublicKey, toCompressedHex } from './crypto/p256.ts';
export { derToRaw, rawToDer, rawToDerHex } from './crypto/der.ts';

// Key storage
export type { KeyStore, StoredKey, KeyMetadata } from './keys/key-store.ts';
export { MemoryKeyStore } from './keys/memory-key-store.ts';
export { IndexedDbKeyStore } from './keys/indexed-db-key-store.ts';
export type { IndexedDbKeyStoreOptions } from './keys/indexed-db-key-store.ts';
export { openKeyStore } from './keys/open-key-store.ts';
export type { OpenedKeyStore } from './keys/open-key-store.ts';

// Stamps
export type { Stamp, Stamper } from './stamp/stamper.ts';
export { createStamp } from './stamp/create-stamp.ts';
export { ApiKeyStamper } from './stamp/api-key-stamper.ts';
export { verifyStamp } from './stamp/verify-stamp.ts';
export type { VerifiedStamp } from './stamp/verify-stamp.ts';
export { WebauthnStamper, webauthnChallengeForBody, mapWebauthnError } from './stamp/webauthn-stamper.ts';
export type { WebauthnStamperOptions } from './stamp/webauthn-stamper.ts';

// Bundles
export { generateTargetKeyPair } from './bundles/hpke-suite.ts';
export type { TargetKeyPair } from './bundles/hpke-suite.ts';
export { decryptCredentialBundle, encryptCredentialBundle } from './bundles/credential-bundle.ts';
export type { DecryptCredentialOptions, DecryptedCredential } from './bundles/credential-bundle.ts';
export {
  decryptExportBundle,
  createExportBundle,
  decodeExportedMnemonic,
  decodeExportedPrivateKey,
  HOSTED_ENCLAVE_PUBLIC_KEY,
} from './bundles/export-bundle.ts';
export type { DecryptExportOptions, EnvelopeSigner } from './bundles/export-bundle.ts';
export { createImportTarget, encryptToTarget, decryptImportBundle } from './bundles/import-bundle.ts';

// Tokens
export { decodeJwt } from './tokens/jwt.ts';
export { verifySessionJwt, parseSessionJwt, signSessionJwt, HOSTED_NOTARIZER_PUBLIC_KEY } from './tokens/session-jwt.ts';
export type { SessionClaims, SessionType } from './tokens/session-jwt.ts';
export { parseVerificationToken, verifyVerificationToken, signVerificationToken } from './tokens/verification-token.ts';
export type { VerificationTokenClaims } from './tokens/verification-token.ts';
export { oidcNonce } from './tokens/oidc-nonce.ts';
export { createLoginClientSignature, createSignupClientSignature, verifyClientSignature } from './tokens/client-signature.ts';
export type { ClientSignature } from './tokens/client-signature.ts';

// Clients
export { ProxyClient, normalizeWalletKitConfig } from './clients/proxy-client.ts';
export type { ProxyClientOptions } from './clients/proxy-client.ts';
export type * from './clients/proxy-types.ts';
export { ActivityClient, activityResult } from './clients/activity-client.ts';
export type { ActivityClientOptions } from './clients/activity-client.ts';
export { ActivityError } from './clients/activity-error.ts';
export { ACTIVITY_OPERATIONS, QUERY_OPERATIONS, ActivityStatus } from './clients/activity-operations.ts';
export type * from './clients/activity-types.ts';

// Session
export { SigningSession } from './session/signing-session.ts';
export type {
  SigningSessionOptions,
  SessionSummary,
  ListWalletAccountsOptions,
  SessionClock,
  SessionClient,
  SubmitOptions,
  LogoutOptions,
  LogoutResult,
  RemoteLogout,
} from './session/signing-session.ts';
export { listApprovals, approveActivity, rejectActivity, waitForDecision } from './session/approvals.ts';
export type { ApprovalSession, ListApprovalsOptions, WaitForDecisionOptions } from './session/approvals.ts';
export type { ExportOptions } from './session/session-export.ts';
export { sessionFromCredentialBundle } from './session/session-from-credential-bundle.ts';
export type { CredentialBundleSessionOptions } from './session/session-from-credential-bundle.ts';
export { SessionChangeEvent, SessionExpiryEvent } from './session/session-events.ts';
export type { SessionChangeReason } from './session/session-events.ts';
export type { SessionStore, PersistedSession } from './session/session-store.ts';
export { MemorySessionStore } from './session/session-store.ts';
export { IndexedDbSessionStore } from './session/indexed-db-session-store.ts';
export type { IndexedDbSessionStoreOptions } from './session/indexed-db-session-store.ts';
export { createSessionStore } from './session/create-session-store.ts';
export { createSessionChannel, BroadcastSessionChannel, noSessionChannel } from './session/session-channel.ts';
export type { SessionChannel, SessionMessage } from './session/session-channel.ts';
export { webLocks, processLocks, defaultSessionLocks } from './session/session-locks.ts';
export type { SessionLocks } from './session/session-locks.ts';
// Types only: the scheduler itself loads lazily (the kit's autoRefresh, <latch-session auto-refresh>).
export type { AutoRefreshOptions, PageVisibility } from './session/session-auto-refresh.ts';

// State (nanostores)
export { $session, setSession, trackSession } from './state/session-state.ts';
export { $config, setConfig } from './state/config-state.ts';
export { $flow, startFlow, setFlowStep, failFlow, endFlow } from './state/flow-state.ts';
export type { FlowStatus } from './state/flow-state.ts';

// Flows
export type { LoginResult } from './flows/login-result.ts';
export { startOtp, completeOtp, checkContact } from './flows/otp-flow.ts';
export type { StartOtpRequest, CompleteOtpRequest, SignupDetails } from './flows/otp-flow.ts';
export {
  finishMagicLink,
  completeMagicLink,
  magicLinkCodeOf,
  withoutMagicLinkCode,
  indexedDbPendingOtpStore,
  memoryPendingOtpStore,
  MAGIC_LINK_PARAM,
} from './flows/magic-link.ts';
export type { PendingOtp, PendingOtpStore, MagicLinkLogin, FinishMagicLinkOptions } from './flows/magic-link.ts';
export { prepareOAuth, completeOAuth, parseOAuthCallback, isOAuthCallback, abandonOAuth, sessionStoragePendingStore } from './flows/oauth-flow.ts';
export type { PendingOAuth, OAuthCallback, PendingOAuthStore, PrepareOAuthRequest } from './flows/oauth-flow.ts';
export { launchOAuth, waitForOAuthPopup, readOAuthRedirect, browserPopupHost } from './flows/oauth-popup.ts';
export type { OAuthLaunch, PopupHost, PopupWindow } from './flows/oauth-popup.ts';
export { OAuthProviders } from './flows/oauth-providers.ts';
export type { OAuthProvider } from './flows/oauth-providers.ts';
export { signUpWithPasskey, logInWithPasskey, logInWithPasskeyAutofill, isPasskeySupported, AUTOFILL_RENEW_MS, type PasskeyAutofillRequest } from './flows/passkey-flow.ts';
export { passkeyCapabilities, type PasskeyCapabilities } from './flows/passkey-capabilities.ts';
export { logInWithWallet, connectWallet, type WalletDeps, type WalletLoginRequest } from './flows/wallet-flow.ts';
export { watchInjectedWallets, discoverInjectedWallets, type InjectedWallet, type Eip1193Requester, type WatchWalletsOptions } from './providers/discover-wallets.ts';
export { EthereumWalletStamper, walletError, WALLET_STAMP_SCHEME_EIP191 } from './stamp/wallet-stamper.ts';

// The kit: the one object the elements (and any framework binding) talk to
export { LatchKit, KitFlows } from './kit/latch-kit.ts';
export type { LatchKitOptions, ProofTrust, CompleteOtpOptions, FinishOAuthOptions, PasskeySignupOptions, KitFlow, CaptchaProvider, TurnstileCaptcha } from './kit/latch-kit.ts';
export type { LoginOutcome, LogoutDetail, LogoutReason, SessionExpiringDetail, LatchKitEventMap, LatchKitEventType } from './kit/kit-events.ts';
export { $defaultKit, configure, getKit, kitFor } from './kit/configure.ts';
export { LoginMethods, isLoginMethod, orderLoginMethods } from './kit/login-methods.ts';
export type { LoginMethod } from './kit/login-methods.ts';

// App Proofs and Boot Proofs (the verifier itself loads on first use)
export { verifyAppProof, verifyAppProofs, AWS_NITRO_ROOT_SHA256, ProofCheckNames } from './proofs/index.ts';
export type {
  AppProofVerification,
  AppProofsVerification,
  VerifyAppProofOptions,
  VerifyAppProofsOptions,
  ProofCheck,
  ProofCheckName,
  AppProofPayload,
  AddressDerivationProof,
  PolicyOutcomeProof,
  BootProofSource,
} from './proofs/index.ts';

// The digests chains' wallets sign (keccak loads on first use): EIP-191 and BIP-137 messages,
// EIP-712 typed data; sign one with sign_raw_payload and HASH_FUNCTION_NO_OP.
export { ethereumMessageDigest, bitcoinMessageDigest } from './signing/message-digest.ts';
export { typedDataDigest } from './signing/typed-data-digest.ts';
export type { TypedData, TypedDataField } from './signing/typed-data-digest.ts';
