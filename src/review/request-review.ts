/**
 * What the confirmation sheet shows for one request that signs or sends, chain-neutral. Each
 * chain's decoder (`src/review/evm-*.ts`, `src/review/solana-*.ts`) turns a raw provider request
 * into a `RequestReview`; the sheet (`components/latch-confirm/`) renders it in the person's
 * language. Labels, section titles and warnings are keys the sheet translates, never English;
 * values are data (addresses, amounts, text, hex), shown as they are. A field name a dapp chose
 * (an EIP-712 struct member) is data too: it goes in `name`, not `label`.
 */

/** What the person is asked to allow. */
export type ReviewAction =
  | 'sign-message'
  | 'sign-typed-data'
  | 'sign-transaction'
  | 'send-transaction'
  | 'switch-chain'
  | 'add-chain';

/** A row's label, translated by the sheet. */
export type ReviewLabel =
  | 'to' | 'from' | 'value' | 'value-wei' | 'data' | 'selector' | 'function'
  | 'token' | 'spender' | 'amount' | 'deadline' | 'nonce' | 'operator' | 'approved' | 'recipient' | 'token-id' | 'expiration'
  | 'domain-name' | 'domain-version' | 'chain' | 'contract' | 'salt' | 'primary-type'
  | 'fee' | 'gas' | 'max-fee' | 'max-priority-fee' | 'gas-price'
  | 'program' | 'source' | 'destination' | 'authority' | 'mint' | 'decimals' | 'lamports' | 'sol' | 'owner' | 'delegate'
  | 'accounts' | 'version' | 'fee-payer' | 'recent-blockhash' | 'lookup-table' | 'lookup-writable' | 'lookup-readonly'
  | 'rpc-url' | 'currency'
  | 'offer' | 'consideration' | 'paid-to' | 'operation' | 'website' | 'address' | 'uri' | 'issued-at' | 'not-before'
  | 'account' | 'new-account' | 'space' | 'base' | 'seed' | 'nonce-account' | 'new-authority' | 'authority-type' | 'rent-to'
  | 'transfer-fee' | 'compute-units' | 'unit-price' | 'memo' | 'signer';

/** A section's title, translated by the sheet. */
export type ReviewSectionTitle =
  | 'message' | 'domain' | 'fields' | 'permit' | 'transaction' | 'call' | 'fees' | 'chain' | 'instruction'
  | 'listing' | 'sign-in';

/** A warning, translated by the sheet and shown above Approve. */
export type ReviewWarning =
  | 'unlimited-amount'        // an approval, permit or transfer amount of 2^128 or more (no one means it as a number)
  | 'approval-for-all'        // setApprovalForAll(operator, true): every token of the collection
  | 'unreadable-data'         // calldata or typed data the sheet cannot decode: selector and hex shown
  | 'unreadable-instruction'  // a Solana instruction of a program the sheet cannot decode
  | 'permit'                  // a signature that lets someone else spend tokens (EIP-2612, Permit2)
  | 'message-not-text'        // a message that is not UTF-8 text: shown as hex
  | 'chain-mismatch'          // the request names another chain than the account is on
  | 'delegation'              // someone else may spend or move the person's assets (approve, permits, setApprovalForAll): spender and amount in its section
  | 'listing'                 // a marketplace order (Seaport): what is listed, for what, paid to whom, in its section
  | 'unknown-type'            // typed data of a primary type the sheet does not know: what it authorizes is not known
  | 'truncated'               // more rows than the sheet lists: addresses and amounts first, the rest not shown
  | 'contract-creation'       // a transaction without `to`: it deploys a contract
  | 'hidden-characters'       // invisible or bidirectional characters in a string the page chose (shown as ⟦U+XXXX⟧)
  | 'origin-mismatch'         // a sign-in message (EIP-4361) for another site than the asking page
  | 'hash-signature'          // a 32-byte message: a signature that may authorize a transaction (a smart account, a Safe)
  | 'sign-in-expired'         // a sign-in message past its expiration time
  | 'sign-in-not-yet-valid'   // a sign-in message before its not-before time
  | 'ownership-change'        // Solana: an account's owner or a token authority becomes someone else (System assign, Token setAuthority)
  | 'account-closed'          // Solana: a token account closed, its SOL going to the account its section names
  | 'never-expires'           // Solana: a durable nonce (advanceNonceAccount): no blockhash expires the transaction
  | 'high-fee'                // Solana: the fee is 0.05 SOL or more (signatures, compute unit limit × price)
  | 'unresolved-address'      // Solana: an account from an address lookup table, its address not in the transaction
  | 'no-code-spender'         // an approval or permit whose spender has no code (a plain account, as drainers use), read from the chain
  | 'will-fail'               // simulated on its chain, the transaction fails (reverts, or the chain refuses it): the reason in `simulation.failure`
  | 'not-simulated';          // the wallet could not simulate it (no rpcUrl, a node without the method, no answer in time): only the decoding is shown

/**
 * One thing a simulated transaction changes for the account (src/review/simulate-evm.ts,
 * simulate-solana.ts): a transfer netted per asset (and token id), or an approval it sets; on
 * Solana also an account handed to another owner (`owner-change`, the new owner in `spender`)
 * and a token account closed (`closed`).
 */
export interface AssetChange {
  kind: 'transfer' | 'approval' | 'approval-for-all' | 'owner-change' | 'closed';
  standard: 'native' | 'erc20' | 'erc721' | 'erc1155' | 'spl';
  /** 'native' for the chain's currency, else the token contract's address (lowercase) or the SPL mint (base58). */
  asset: string;
  direction: 'in' | 'out' | 'approve';
  /**
   * A transfer: the signed amount in the asset's smallest unit as a decimal string ('-25000000'
   * is 25 USDC out). An approval: the allowance set ('0' revokes); approval-for-all: '1' or '0'.
   */
  amount: string;
  /** Read from the token contract (filtered for hidden characters); 'ETH' or 'SOL' for the native currency. */
  symbol?: string;
  decimals?: number;
  /** ERC-721 / ERC-1155 item. */
  tokenId?: string;
  /** Who may spend, for approvals; the new owner, for owner-change. */
  spender?: string;
}

export type ReviewFormat = 'text' | 'address' | 'amount' | 'hex' | 'date' | 'code';

export interface ReviewRow {
  /** A known label (translated), or… */
  label?: ReviewLabel;
  /** …a name chosen by the dapp (an EIP-712 field), shown as is. */
  name?: string;
  value: string;
  format?: ReviewFormat;
}

export interface ReviewSection {
  title: ReviewSectionTitle;
  /** Data that heads the section, shown as is: a function signature, an EIP-712 primary type, a program name. */
  heading?: string;
  rows: readonly ReviewRow[];
  /** Warnings that belong to this section (also listed in the review's `warnings`). */
  warnings?: readonly ReviewWarning[];
}

export interface RequestReview {
  action: ReviewAction;
  /** The page that asks: its origin, exactly (`https://app.example`). */
  origin: string;
  /** The account that would sign (an address). */
  account: string;
  /** The chain: a CAIP-2 id (`eip155:1`, `solana:devnet`) and its name when known. */
  chain: { id: string; name?: string };
  /** For a message: its text when it is UTF-8 text, and its bytes as 0x-hex always. */
  message?: { text?: string; hex: string };
  sections: readonly ReviewSection[];
  /**
   * What the transaction would change for the account, simulated on its chain before the person
   * decides. Absent when not simulated (a message, or `not-simulated`); `failure` with `will-fail`.
   */
  simulation?: { changes: readonly AssetChange[]; failure?: string };
  /** Every warning of the request, most serious first. */
  warnings: readonly ReviewWarning[];
}

/**
 * Shows a review to the person and resolves true when they approve it, false when they reject
 * or dismiss it. The kit's default is the lazily loaded sheet; a page may pass its own.
 * `signal` aborts when the request no longer stands (another user logged in meanwhile): close
 * what is shown; the wallet answers the request as rejected whatever comes after.
 */
export type ConfirmRequest = (review: RequestReview, options?: { signal?: AbortSignal }) => Promise<boolean>;
