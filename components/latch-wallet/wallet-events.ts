/**
 * Events of `<latch-wallet>`: typed classes that bubble and cross shadow roots, dispatched on
 * user action only. None carries a secret: no mnemonic, no private key.
 */
import type { Address, EthSendTransactionParameters, SignRawPayloadParameters, SignRawPayloadResult, SolSendTransactionParameters, WalletAccountParams } from '../../src/clients/activity-types.ts';
import type { TypedData } from '../../src/signing/typed-data-digest.ts';
import { latchEventInit } from '../internal/latch-event-init.ts';


export interface LatchCopyDetail {
  address: string;
}

/** The user copied an address to the clipboard. */
export class LatchCopyEvent extends CustomEvent<LatchCopyDetail> {
  static readonly type = 'latch-copy';
  constructor(detail: LatchCopyDetail) {
    super(LatchCopyEvent.type, latchEventInit(detail));
  }
}

export interface LatchSignDetail {
  /** The signing account's address (`signWith`). */
  address: string;
  /** The text the user signed (for typed data, the JSON as given). */
  message: string;
  /** The EIP-712 typed data signed (`<latch-wallet-sign>`'s typed-data mode only). */
  typedData?: TypedData;
  /** What was sent to sign_raw_payload. */
  parameters: SignRawPayloadParameters;
  signature: SignRawPayloadResult;
}

/** The user signed a message (after reviewing it). */
export class LatchSignEvent extends CustomEvent<LatchSignDetail> {
  static readonly type = 'latch-sign';
  constructor(detail: LatchSignDetail) {
    super(LatchSignEvent.type, latchEventInit(detail));
  }
}

export interface LatchExportDetail {
  /** The wallet whose recovery phrase is now shown (the phrase itself is never in an event). */
  walletId: string;
}

/** The user revealed a wallet's recovery phrase. */
export class LatchExportEvent extends CustomEvent<LatchExportDetail> {
  static readonly type = 'latch-export';
  constructor(detail: LatchExportDetail) {
    super(LatchExportEvent.type, latchEventInit(detail));
  }
}

export interface LatchExportKeyDetail {
  /** The account whose key was exported (export_wallet_account). */
  address?: string;
  /** The imported private key that was exported (export_private_key). */
  privateKeyId?: string;
}

/** The user exported one account's or one private key's key (the key itself is never in an event). */
export class LatchExportKeyEvent extends CustomEvent<LatchExportKeyDetail> {
  static readonly type = 'latch-export-key';
  constructor(detail: LatchExportKeyDetail) {
    super(LatchExportKeyEvent.type, latchEventInit(detail));
  }
}

export interface LatchImportDetail {
  privateKeyId: string;
  addresses: Address[];
}

/** The user imported a private key. */
export class LatchImportEvent extends CustomEvent<LatchImportDetail> {
  static readonly type = 'latch-import';
  constructor(detail: LatchImportDetail) {
    super(LatchImportEvent.type, latchEventInit(detail));
  }
}

export interface LatchImportWalletDetail {
  walletId: string;
  /** The derived accounts' addresses, in the order asked (never the phrase). */
  addresses: string[];
}

/** The user imported a wallet from its recovery phrase. */
export class LatchImportWalletEvent extends CustomEvent<LatchImportWalletDetail> {
  static readonly type = 'latch-import-wallet';
  constructor(detail: LatchImportWalletDetail) {
    super(LatchImportWalletEvent.type, latchEventInit(detail));
  }
}

export interface LatchAddAccountDetail {
  walletId: string;
  /** What was asked for (curve, path, address format). */
  account: WalletAccountParams;
  /** The addresses the service returned for it. */
  addresses: string[];
}

/** The user added an account to a wallet. */
export class LatchAddAccountEvent extends CustomEvent<LatchAddAccountDetail> {
  static readonly type = 'latch-add-account';
  constructor(detail: LatchAddAccountDetail) {
    super(LatchAddAccountEvent.type, latchEventInit(detail));
  }
}

export interface LatchSendDetail {
  /** What was sent to eth_send_transaction (value in wei), or to sol_send_transaction. */
  parameters: EthSendTransactionParameters | SolSendTransactionParameters;
  /** Follow it with `<latch-tx-status status-id>`. */
  sendTransactionStatusId: string;
}

/** The user sent a transaction (after reviewing it) and the service took it. */
export class LatchSendEvent extends CustomEvent<LatchSendDetail> {
  static readonly type = 'latch-send';
  constructor(detail: LatchSendDetail) {
    super(LatchSendEvent.type, latchEventInit(detail));
  }
}

export interface LatchCreateWalletDetail {
  walletId: string;
  walletName: string;
  /** The addresses of its first account. */
  addresses: string[];
}

/** The user created a wallet. */
export class LatchCreateWalletEvent extends CustomEvent<LatchCreateWalletDetail> {
  static readonly type = 'latch-create-wallet';
  constructor(detail: LatchCreateWalletDetail) {
    super(LatchCreateWalletEvent.type, latchEventInit(detail));
  }
}

declare module '../internal/events.ts' {
  interface LatchEventMap {
    'latch-copy': LatchCopyEvent;
    'latch-sign': LatchSignEvent;
    'latch-export': LatchExportEvent;
    'latch-export-key': LatchExportKeyEvent;
    'latch-import': LatchImportEvent;
    'latch-import-wallet': LatchImportWalletEvent;
    'latch-add-account': LatchAddAccountEvent;
    'latch-send': LatchSendEvent;
    'latch-create-wallet': LatchCreateWalletEvent;
  }
}
