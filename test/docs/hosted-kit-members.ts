/**
 * The hosted drop-in kit's surface, as `@turnkey/react-wallet-kit` 2.4.3 declares it: read from
 * its packed `dist/providers/client/Types.d.ts` (`ClientContextType`, what `useTurnkey()` returns)
 * and `dist/types/base.d.ts` with `dist/providers/TurnkeyProvider.d.ts` (`TurnkeyProviderConfig`,
 * `TurnkeyCallbacks`), plus the options `TurnkeyProviderConfig` inherits from `@turnkey/core`
 * 2.8.1's `TurnkeySDKClientConfig`. Fixed here rather than read at test time: the kit is not a
 * devDependency (it pulls React, Headless UI, Lottie and FontAwesome). A new version means reading
 * those files again.
 */

/** `ClientContextType`'s own members, in its order; `TurnkeyClientMethods` is what it extends. */
export const HOOK_MEMBERS: readonly string[] = [
  'httpClient', 'session', 'allSessions', 'clientState', 'authState', 'config', 'user', 'wallets', 'walletProviders',
  'connectWalletAccount', 'refreshUser', 'refreshWallets', 'handleLogin',
  'handleDiscordOauth', 'handleXOauth', 'handleGoogleOauth', 'handleAppleOauth', 'handleFacebookOauth',
  'handleExportWallet', 'handleExportPrivateKey', 'handleExportWalletAccount', 'handleImportWallet', 'handleImportPrivateKey',
  'handleUpdateUserEmail', 'handleUpdateUserPhoneNumber', 'handleUpdateUserName', 'handleAddEmail', 'handleAddPhoneNumber',
  'handleAddOauthProvider', 'handleRemoveOauthProvider', 'handleAddPasskey', 'handleRemovePasskey', 'handleSignMessage',
  'handleConnectExternalWallet', 'handleRemoveUserEmail', 'handleRemoveUserPhoneNumber', 'handleVerifyAppProofs',
  'handleOnRamp', 'handleSendTransaction', 'handleSendErc20Transfer', 'setMfaHandler', 'getTurnstileToken', 'setTurnstileToken',
  'TurnkeyClientMethods',
];

/** `TurnkeyProvider`'s `config` (`TurnkeyProviderConfig` with what it inherits) and `callbacks`. */
export const PROVIDER_OPTIONS: readonly string[] = [
  'config.apiBaseUrl', 'config.authProxyUrl', 'config.authProxyConfigId', 'config.organizationId', 'config.passkeyConfig',
  'config.walletConfig', 'config.walletConfig.walletConnect', 'config.defaultStamperType', 'config.scopePasskeyToUser',
  'config.onMfaRequired', 'config.exportIframeUrl', 'config.importIframeUrl',
  'config.auth.oauthConfig', 'config.auth.oauthConfig.*.secondaryClientIds', 'config.auth.oauthConfig.openOauthInPage',
  'config.auth.sessionExpirationSeconds', 'config.auth.otpAlphanumeric', 'config.auth.otpLength', 'config.auth.createSuborgParams',
  'config.auth.autoRefreshSession', 'config.auth.scopePasskeyToUser', 'config.auth.verifyWalletOnSignup',
  'config.autoRefreshManagedState', 'config.autoFetchWalletKitConfig', 'config.turnstileSiteKey',
  'config.ui.authModal.methods', 'config.ui.authModal.methodOrder', 'config.ui.authModal.oauthOrder',
  'config.ui.logoLight', 'config.ui.logoDark', 'config.ui.darkMode', 'config.ui.colors', 'config.ui.preferLargeActionButtons',
  'config.ui.borderRadius', 'config.ui.backgroundBlur', 'config.ui.renderModalInProvider', 'config.ui.styleNonce',
  'config.ui.supressMissingStylesError',
  'callbacks.onOauthRedirect', 'callbacks.beforeSessionExpiry', 'callbacks.onSessionExpired', 'callbacks.onAuthenticationSuccess',
  'callbacks.onError',
];
