/**
 * `latchkey/components`: the element classes, with no side effects. Importing this module never
 * defines an element (use `latchkey/define` or each class's `define()` for that), so it is safe
 * in server-side rendering and with two copies of the kit on one page.
 *
 * One line per element, alphabetical.
 */
export { LatchElement } from './internal/latch-element.ts';
export * from './internal/events.ts';
// Adding a language or rewording: registerMessages('fr', {...}) or a loader for it.
export { registerMessages, registerMessageLoader } from './i18n/catalogues.ts';
export type { Message, MessageKey, MessageParams, Messages, LatchMessages, CoreCatalogue } from './i18n/messages.ts';

// Elements
export { LatchAccount } from './latch-account/latch-account.ts';
export { LatchAccountDeletedEvent, type LatchAccountDeletedDetail } from './latch-account/latch-account-deleted-event.ts';
export { LatchApprovals, activityTypeLabel } from './latch-approvals/latch-approvals.ts';
export { LatchApprovalEvent } from './latch-approvals/approval-events.ts';
export type { LatchApprovalDetail } from './latch-approvals/approval-events.ts';
export { LatchAuth } from './latch-auth/latch-auth.ts';
export { LatchCancelEvent } from './latch-auth/latch-cancel-event.ts';
export { LatchConfirm } from './latch-confirm/latch-confirm.ts';
export { LatchConfirmEvent, type LatchConfirmDetail } from './latch-confirm/latch-confirm-event.ts';
export { LatchContinueEvent, type LatchContinueDetail } from './latch-auth/latch-continue-event.ts';
export { LatchPhoneCountryEvent, type LatchPhoneCountryDetail } from './latch-auth/latch-phone-country-event.ts';
export { LatchOauthButton } from './latch-oauth-button/latch-oauth-button.ts';
export { LatchOnramp, type OnrampWindow } from './latch-onramp/latch-onramp.ts';
export * from './latch-onramp/onramp-events.ts';
export { LatchOtpInput } from './latch-otp-input/latch-otp-input.ts';
export { LatchPasskeyButton } from './latch-passkey-button/latch-passkey-button.ts';
export { LatchProofBadge, type ProofBadgeState, type ProofBadgeUnavailableReason } from './latch-proof-badge/latch-proof-badge.ts';
export { LatchSession } from './latch-session/latch-session.ts';
export { LatchSignup, type SignupResult, type SignupStep } from './latch-signup/latch-signup.ts';
export { LatchStepUp } from './latch-step-up/latch-step-up.ts';
export * from './latch-step-up/step-up-events.ts';
export { LatchTxStatus } from './latch-tx-status/latch-tx-status.ts';
export * from './latch-tx-status/tx-status-events.ts';
export { LatchWallet } from './latch-wallet/latch-wallet.ts';
export * from './latch-wallet/wallet-events.ts';
export type { WalletOutlet } from './internal/wallet-section-element.ts';
export { LatchWalletAccounts } from './latch-wallet-accounts/latch-wallet-accounts.ts';
export { LatchWalletAddAccount } from './latch-wallet-add-account/latch-wallet-add-account.ts';
export { LatchWalletActivity } from './latch-wallet-activity/latch-wallet-activity.ts';
export { LatchWalletBalances } from './latch-wallet-balances/latch-wallet-balances.ts';
export { LatchWalletCreate } from './latch-wallet-create/latch-wallet-create.ts';
export { LatchWalletExport } from './latch-wallet-export/latch-wallet-export.ts';
export { LatchWalletImport } from './latch-wallet-import/latch-wallet-import.ts';
export { LatchWalletReceive } from './latch-wallet-receive/latch-wallet-receive.ts';
export { LatchWalletSend } from './latch-wallet-send/latch-wallet-send.ts';
export { LatchWalletSign } from './latch-wallet-sign/latch-wallet-sign.ts';
