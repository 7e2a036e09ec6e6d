/**
 * `latchkey/flows`: the login flows without the kit (email / SMS code, magic link, OAuth,
 * passkeys, wallets) for pages that drive them themselves. The kit loads the same modules
 * lazily; `latchkey` never re-exports them, so a page with the drop-in loads none of them up front.
 */
export type { LoginResult } from '../flows/login-result.ts';
// Here, not in latchkey/signing: its lazy credential-bundle chunk shares hex, P-256 and WebCrypto
// helpers with the signing path, and esbuild would split those into chunks of their own there.
export { sessionFromCredentialBundle } from '../session/session-from-credential-bundle.ts';
export type { CredentialBundleSessionOptions } from '../session/session-from-credential-bundle.ts';
export { startOtp, completeOtp, checkContact, completeMagicLink } from '../flows/otp-flow.ts';
export type { StartOtpRequest, CompleteOtpRequest, SignupDetails } from '../flows/otp-flow.ts';
export {
  finishMagicLink,
  magicLinkCodeOf,
  withoutMagicLinkCode,
  indexedDbPendingOtpStore,
  memoryPendingOtpStore,
  MAGIC_LINK_PARAM,
} from '../flows/magic-link.ts';
export type { PendingOtp, PendingOtpStore, MagicLinkLogin, FinishMagicLinkOptions } from '../flows/magic-link.ts';
export { prepareOAuth, completeOAuth, parseOAuthCallback, isOAuthCallback, abandonOAuth, sessionStoragePendingStore } from '../flows/oauth-flow.ts';
export type { PendingOAuth, OAuthCallback, PendingOAuthStore, PrepareOAuthRequest } from '../flows/oauth-flow.ts';
export { launchOAuth, waitForOAuthPopup, readOAuthRedirect, browserPopupHost } from '../flows/oauth-popup.ts';
export type { OAuthLaunch, PopupHost, PopupWindow } from '../flows/oauth-popup.ts';
export { OAuthProviders } from '../flows/oauth-providers.ts';
export type { OAuthProvider } from '../flows/oauth-providers.ts';
export { signUpWithPasskey, logInWithPasskey, logInWithPasskeyAutofill, isPasskeySupported, AUTOFILL_RENEW_MS, type PasskeyAutofillRequest } from '../flows/passkey-flow.ts';
export { passkeyCapabilities, type PasskeyCapabilities } from '../flows/passkey-capabilities.ts';
export { logInWithWallet, connectWallet, type WalletDeps, type WalletLoginRequest } from '../flows/wallet-flow.ts';
export { watchInjectedWallets, discoverInjectedWallets, type InjectedWallet, type Eip1193Requester, type WatchWalletsOptions } from '../providers/discover-wallets.ts';
export { EthereumWalletStamper, walletError, WALLET_STAMP_SCHEME_EIP191 } from '../stamp/wallet-stamper.ts';
