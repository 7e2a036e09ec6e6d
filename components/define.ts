/**
 * `latchkey/define`: defines every Latchkey element, idempotently (an element already defined,
 * e.g. by a second copy of the kit, is left alone).
 *
 * One line per element, alphabetical.
 */
import { LatchAccount } from './latch-account/latch-account.ts';
import { LatchApprovals } from './latch-approvals/latch-approvals.ts';
import { LatchAuth } from './latch-auth/latch-auth.ts';
import { LatchConfirm } from './latch-confirm/latch-confirm.ts';
import { LatchOauthButton } from './latch-oauth-button/latch-oauth-button.ts';
import { LatchOnramp } from './latch-onramp/latch-onramp.ts';
import { LatchOtpInput } from './latch-otp-input/latch-otp-input.ts';
import { LatchPasskeyButton } from './latch-passkey-button/latch-passkey-button.ts';
import { LatchProofBadge } from './latch-proof-badge/latch-proof-badge.ts';
import { LatchSession } from './latch-session/latch-session.ts';
import { LatchSignup } from './latch-signup/latch-signup.ts';
import { LatchStepUp } from './latch-step-up/latch-step-up.ts';
import { LatchTxStatus } from './latch-tx-status/latch-tx-status.ts';
import { LatchWallet } from './latch-wallet/latch-wallet.ts';
import { LatchWalletAccounts } from './latch-wallet-accounts/latch-wallet-accounts.ts';
import { LatchWalletActivity } from './latch-wallet-activity/latch-wallet-activity.ts';
import { LatchWalletAddAccount } from './latch-wallet-add-account/latch-wallet-add-account.ts';
import { LatchWalletBalances } from './latch-wallet-balances/latch-wallet-balances.ts';
import { LatchWalletCreate } from './latch-wallet-create/latch-wallet-create.ts';
import { LatchWalletExport } from './latch-wallet-export/latch-wallet-export.ts';
import { LatchWalletImport } from './latch-wallet-import/latch-wallet-import.ts';
import { LatchWalletReceive } from './latch-wallet-receive/latch-wallet-receive.ts';
import { LatchWalletSend } from './latch-wallet-send/latch-wallet-send.ts';
import { LatchWalletSign } from './latch-wallet-sign/latch-wallet-sign.ts';

LatchAccount.define();
LatchApprovals.define();
LatchAuth.define();
LatchConfirm.define();
LatchOauthButton.define();
LatchOnramp.define();
LatchOtpInput.define();
LatchPasskeyButton.define();
LatchProofBadge.define();
LatchSession.define();
LatchSignup.define();
LatchStepUp.define();
LatchTxStatus.define();
LatchWallet.define();
LatchWalletAccounts.define();
LatchWalletActivity.define();
LatchWalletAddAccount.define();
LatchWalletBalances.define();
LatchWalletCreate.define();
LatchWalletExport.define();
LatchWalletImport.define();
LatchWalletReceive.define();
LatchWalletSend.define();
LatchWalletSign.define();
