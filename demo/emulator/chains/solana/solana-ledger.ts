/**
 * The cluster's state: one LiteSVM, and what LiteSVM leaves to its caller to be a cluster.
 * - Time: the slot is computed from `now()` on each call (one slot per 400 ms since start, no
 *   timer), and the clock sysvar follows (slot, epoch, unix time), so programs see the time.
 * - Blockhashes: LiteSVM accepts only its latest one. Here each new slot gets a new blockhash,
 *   and a transaction's is accepted while the block height is at most 150 past the blockhash's
 *   (MAX_PROCESSING_AGE), as a real cluster does; LiteSVM's own check is off.
 * - Preflight: LiteSVM charges the fee of a failed transaction, so a send is simulated first and
 *   refused, uncharged, when the simulation fails (as an RPC node's preflight does).
 * - History: each landed transaction with its slot, time, balances before and after, for
 *   getSignatureStatuses and getTransaction (bounded; the oldest are forgotten).
 */
import { LiteSVM, Clock } from 'litesvm';
import type { Address, EncodedAccount, Lamports, Transaction } from '@solana/kit';
import { base58 } from '@scure/base';
import { readWireTransaction, WireError } from './solana-wire.ts';
import { SolanaChainError, SolanaRpcCode, invalidParams, preflightFailure } from './solana-chain-error.ts';
import { transactionErrorJson } from './transaction-error-json.ts';
import { mintData, readMint, readTokenAccount, tokenAccountData, withAmount, withSupply, associatedTokenAddress, uiTokenAmount, TOKEN_PROGRAM, TOKEN_2022_PROGRAM, USDC_DECIMALS, USDC_MINT, USDC_MINT_AUTHORITY, MINT_SIZE, TOKEN_ACCOUNT_SIZE } from './spl-token-accounts.ts';
import type { WireTransaction } from './solana-wire.ts';

export const SLOT_MS = 400;
/** MAX_PROCESSING_AGE: a blockhash is usable for 150 blocks after its own. */
export const BLOCKHASH_LIFETIME = 150;
export const SLOTS_PER_EPOCH = 432_000;
export const LAMPORTS_PER_SIGNATURE = 5000;
/** How many landed transactions the ledger remembers (getTransaction, getSignatureStatuses). */
const HISTORY_LIMIT = 10_000;

export interface AccountView {
  readonly lamports: bigint;
  readonly owner: string;
  readonly data: Uint8Array;
  readonly executable: boolean;
}

export interface TokenBalance {
  readonly accountIndex: number;
  readonly mint: string;
  readonly owner: string;
  readonly programId: string;
  readonly uiTokenAmount: ReturnType<typeof uiTokenAmount>;
}

export interface LandedTransaction {
  readonly signature: string;
  readonly slot: number;
  /** The blockhash of the slot it landed in (the block's hash, as the history route reports it). */
  readonly blockhash: string;
  readonly blockTime: number;
  readonly wire: Uint8Array;
  readonly tx: WireTransaction;
  /** Null when it succeeded; else the TransactionError in its JSON form. */
  readonly err: unknown;
  readonly logs: readonly string[];
  readonly unitsConsumed: number;
  readonly fee: number;
  readonly preBalances: readonly bigint[];
  readonly postBalances: readonly bigint[];
  readonly preTokenBalances: readonly TokenBalance[];
  readonly postTokenBalances: readonly TokenBalance[];
}

export interface SimulationResult {
  readonly err: unknown;
  readonly logs: readonly string[];
  readonly unitsConsumed: number;
  /** The requested accounts after the transaction (null for a missing one, all null on failure). */
  readonly accounts: readonly (AccountView | null)[] | null;
  readonly replacementBlockhash?: { blockhash: string; lastValidBlockHeight: number };
}

export interface LedgerSnapshot {
  readonly bytes: Uint8Array;
  readonly history: ReadonlyMap<string, LandedTransaction>;
}

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
const MAX_UNITS = 1_400_000;

/** The fee a transaction pays: 5000 lamports a signature plus its priority fee (ComputeBudget). */
export function transactionFee(tx: WireTransaction): number {
  let price = 0n;
  let limit: number | undefined;
  let others = 0;
  for (const ix of tx.instructions) {
    if (tx.accountKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM) {
      others++;
      continue;
    }
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) limit = view.getUint32(1, true);
    if (ix.data[0] === 3 && ix.data.length >= 9) price = view.getBigUint64(1, true);
  }
  const units = BigInt(Math.min(limit ?? others * DEFAULT_UNITS_PER_INSTRUCTION, MAX_UNITS));
  const priority = (price * units + 999_999n) / 1_000_000n;
  return tx.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE + Number(priority);
}

function freshSvm(): LiteSVM {
  // Signatures are checked by LiteSVM; blockhash ages by the ledger (LiteSVM knows only its latest).
  return new LiteSVM().withBlockhashCheck(false).withSigverify(true).withTransactionHistory(BigInt(HISTORY_LIMIT));
}

export class SolanaLedger {
  private svm: LiteSVM;
  private readonly genesisMs: number;
  private slot = 0;
  /** Blockhash → the slot it was made in; pruned past their lifetime. */
  private blockhashes = new Map<string, number>();
  private history = new Map<string, LandedTransaction>();
  private count = 0;

  /** `genesisHash` is what getGenesisHash answers: the cluster's identity (its caip2's reference). */
  constructor(
    private readonly now: () => number,
    readonly genesisHash: string,
  ) {
    this.svm = freshSvm();
    this.genesisMs = now();
    this.setClock();
    this.blockhashes.set(this.svm.latestBlockhash(), 0);
    this.write(USDC_MINT, this.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE)), TOKEN_PROGRAM, mintData(USDC_MINT_AUTHORITY, 0n, USDC_DECIMALS));
  }

  /** Sets an account outside any transaction (the mint at start, the USDC faucet). */
  private write(address: string, lamports: bigint, owner: string, data: Uint8Array): void {
    this.svm.setAccount({
      address: address as Address,
      lamports: lamports as Lamports,
      programAddress: owner as Address,
      executable: false,
      space: BigInt(data.length),
      data: data as EncodedAccount['data'],
    });
  }

  private setClock(): void {
    const epoch = BigInt(Math.floor(this.slot / SLOTS_PER_EPOCH));
    const epochStart = BigInt(Math.floor((this.genesisMs + Number(epoch) * SLOTS_PER_EPOCH * SLOT_MS) / 1000));
    this.svm.setClock(new Clock(BigInt(this.slot), epochStart, epoch, epoch + 1n, BigInt(Math.floor(this.now() / 1000))));
  }

  /** The current slot (= block height here: no slot is skipped), moved forward to `now()`. */
  tick(): number {
    const slot = Math.floor((this.now() - this.genesisMs) / SLOT_MS);
    if (slot > this.slot) {
      this.slot = slot;
      this.setClock();
      this.svm.expireBlockhash();
      this.blockhashes.set(this.svm.latestBlockhash(), slot);
      // Forgotten well after they expire (memory stays bounded); the age check decides validity.
      for (const [hash, made] of this.blockhashes) {
        if (made + 2 * BLOCKHASH_LIFETIME >= slot) break;
        this.blockhashes.delete(hash);
      }
    }
    return this.slot;
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number; slot: number } {
    const slot = this.tick();
    const blockhash = this.svm.latestBlockhash();
    return { blockhash, lastValidBlockHeight: this.blockhashes.get(blockhash)! + BLOCKHASH_LIFETIME, slot };
  }

  isBlockhashValid(blockhash: string): boolean {
    const slot = this.tick();
    const made = this.blockhashes.get(blockhash);
    return made !== undefined && slot <= made + BLOCKHASH_LIFETIME;
  }

  blockTime(): number {
    return Math.floor(this.now() / 1000);
  }

  account(address: string): AccountView | null {
    const account = this.svm.getAccount(address as Address);
    if (!account.exists) return null;
    return { lamports: account.lamports, owner: account.programAddress, data: account.data as Uint8Array, executable: account.executable };
  }

  balance(address: string): bigint {
    return this.svm.getBalance(address as Address) ?? 0n;
  }

  minimumBalanceForRentExemption(size: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(size));
  }

  /** Token accounts (Token and Token-2022) whose owner is `owner`, optionally of one mint or program. */
  tokenAccountsByOwner(owner: string, filter: { mint?: string; programId?: string }): { address: string; account: AccountView }[] {
    const programs = filter.programId ? [filter.programId] : [TOKEN_PROGRAM, TOKEN_2022_PROGRAM];
    const out: { address: string; account: AccountView }[] = [];
    for (const program of programs) {
      if (program !== TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM) continue;
      for (const account of this.svm.getProgramAccounts(program as Address)) {
        const token = readTokenAccount(account.data as Uint8Array);
        if (!token || token.owner !== owner || (filter.mint && token.mint !== filter.mint)) continue;
        out.push({ address: account.address, account: { lamports: account.lamports, owner: program, data: account.data as Uint8Array, executable: false } });
      }
    }
    return out;
  }

  /** A token account's balance with its mint's decimals, or null when `address` is not a token account. */
  tokenBalance(address: string): { mint: string; owner: string; programId: string; amount: bigint; decimals: number } | null {
    const account = this.account(address);
    if (!account || (account.owner !== TOKEN_PROGRAM && account.owner !== TOKEN_2022_PROGRAM)) return null;
    const token = readTokenAccount(account.data);
    if (!token) return null;
    const mint = this.account(token.mint);
    const decimals = mint ? readMint(mint.data)?.decimals : undefined;
    if (decimals === undefined) return null;
    return { mint: token.mint, owner: token.owner, programId: account.owner, amount: token.amount, decimals };
  }

  landed(signature: string): LandedTransaction | undefined {
    return this.history.get(signature);
  }

  /** The kit-shaped transaction LiteSVM takes; a repeated signer key is refused as a node would. */
  private kitTransaction(tx: WireTransaction): Transaction {
    if (new Set(tx.accountKeys).size !== tx.accountKeys.length) {
      throw invalidParams('invalid transaction: Transaction loads the same account twice');
    }
    const signatures: Record<string, Uint8Array> = {};
    tx.signatures.forEach((signature, i) => {
      signatures[tx.accountKeys[i]!] = signature;
    });
    return { messageBytes: tx.messageBytes, signatures } as unknown as Transaction;
  }

  private read(wire: Uint8Array): WireTransaction {
    try {
      return readWireTransaction(wire);
    } catch (error) {
      if (error instanceof WireError) throw invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${error.message}`);
      throw error;
    }
  }

  simulate(wire: Uint8Array, options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean; accounts?: readonly string[] } = {}): SimulationResult {
    if (options.sigVerify && options.replaceRecentBlockhash) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
    const tx = this.read(wire);
    const kit = this.kitTransaction(tx);
    const failed = (err: unknown, logs: readonly string[] = [], unitsConsumed = 0): SimulationResult => ({
      err,
      logs,
      unitsConsumed,
      accounts: options.accounts ? options.accounts.map(() => null) : null,
    });
    let replacementBlockhash: SimulationResult['replacementBlockhash'];
    if (options.replaceRecentBlockhash) {
      const { blockhash, lastValidBlockHeight } = this.latestBlockhash();
      replacementBlockhash = { blockhash, lastValidBlockHeight };
    } else if (!this.isBlockhashValid(tx.recentBlockhash)) {
      return failed('BlockhashNotFound');
    }
    this.svm.withSigverify(options.sigVerify ?? false);
    let result;
    try {
      result = this.svm.simulateTransaction(kit);
    } finally {
      this.svm.withSigverify(true);
    }
    if (!('postAccounts' in result)) {
      const meta = result.meta();
      const err = transactionErrorJson(result.err());
      // A node checks signatures before it simulates (sendTransaction; simulate with sigVerify).
      if (err === 'SignatureFailure') throw new SolanaChainError(SolanaRpcCode.SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
      return failed(err, meta.logs(), Number(meta.computeUnitsConsumed()));
    }
    const meta = result.meta();
    let accounts: (AccountView | null)[] | null = null;
    if (options.accounts) {
      const post = new Map(result.postAccounts().map((a) => [a.address as string, a]));
      accounts = options.accounts.map((address) => {
        const after = post.get(address);
        if (!after) return this.account(address);
        if (after.lamports === 0n && after.data.length === 0) return null;
        return { lamports: after.lamports, owner: after.programAddress, data: after.data as Uint8Array, executable: after.executable };
      });
    }
    return { err: null, logs: meta.logs(), unitsConsumed: Number(meta.computeUnitsConsumed()), accounts, ...(replacementBlockhash ? { replacementBlockhash } : {}) };
  }

  private tokenBalances(tx: WireTransaction): TokenBalance[] {
    const out: TokenBalance[] = [];
    tx.accountKeys.forEach((key, accountIndex) => {
      const token = this.tokenBalance(key);
      if (token) out.push({ accountIndex, mint: token.mint, owner: token.owner, programId: token.programId, uiTokenAmount: uiTokenAmount(token.amount, token.decimals) });
    });
    return out;
  }

  /**
   * sendTransaction: signatures checked (-32003), then unless `skipPreflight` the preflight
   * simulation (-32002 with the chain's error and logs, nothing charged), then the transaction
   * lands in the current slot. Returns its signature.
   */
  send(wire: Uint8Array, options: { skipPreflight?: boolean } = {}): string {
    const tx = this.read(wire);
    const kit = this.kitTransaction(tx);
    const signature = base58.encode(tx.signatures[0]!);
    const slot = this.tick();
    if (this.history.has(signature)) throw preflightFailure('AlreadyProcessed', [], 0);
    if (!options.skipPreflight) {
      const simulation = this.simulate(wire, { sigVerify: true });
      if (simulation.err !== null) throw preflightFailure(simulation.err, simulation.logs, simulation.unitsConsumed);
    } else if (!this.isBlockhashValid(tx.recentBlockhash)) {
      // A leader drops it: the signature is returned and never lands, as on a real cluster.
      return signature;
    }
    const preBalances = tx.accountKeys.map((key) => this.balance(key));
    const preTokenBalances = this.tokenBalances(tx);
    const result = this.svm.sendTransaction(kit);
    const postBalances = tx.accountKeys.map((key) => this.balance(key));
    const failed = 'err' in result;
    const err = failed ? transactionErrorJson(result.err()) : null;
    if (err === 'SignatureFailure') throw new SolanaChainError(SolanaRpcCode.SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
    // A transaction refused before execution (no fee charged) never lands: nothing to record.
    if (failed && postBalances[0] === preBalances[0]) return signature;
    const meta = failed ? result.meta() : result;
    this.remember({
      signature,
      slot,
      blockTime: this.blockTime(),
      wire: wire.slice(),
      tx,
      err,
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      fee: transactionFee(tx),
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: this.tokenBalances(tx),
    });
    return signature;
  }

  /** Landed transactions that name `address`, newest first (getSignaturesForAddress). */
  signaturesFor(address: string, options: { limit: number; before?: string; until?: string }): LandedTransaction[] {
    const out: LandedTransaction[] = [];
    let started = options.before === undefined;
    for (const landed of [...this.history.values()].reverse()) {
      if (!started) {
        started = landed.signature === options.before;
        continue;
      }
      if (landed.signature === options.until || out.length >= options.limit) break;
      if (landed.tx.accountKeys.includes(address)) out.push(landed);
    }
    return out;
  }

  transactionCount(): number {
    return this.count;
  }

  /**
   * Landed transactions that concern `owner`, newest first: those naming it, and those that
   * moved a token account it owns (an SPL transfer names only the token accounts).
   */
  historyOf(owner: string): LandedTransaction[] {
    const owns = (balances: readonly TokenBalance[]) => balances.some((b) => b.owner === owner);
    return [...this.history.values()].reverse().filter((t) => t.tx.accountKeys.includes(owner) || owns(t.preTokenBalances) || owns(t.postTokenBalances));
  }

  private remember(unhashed: Omit<LandedTransaction, 'blockhash'>): void {
    // Called in the slot it landed in: LiteSVM's latest blockhash is that slot's.
    const landed: LandedTransaction = { ...unhashed, blockhash: this.svm.latestBlockhash() };
    this.count++;
    this.history.set(landed.signature, landed);
    if (this.history.size > HISTORY_LIMIT) this.history.delete(this.history.keys().next().value!);
  }

  /** requestAirdrop and the SOL faucet: a real transfer from LiteSVM's airdrop account. */
  airdrop(address: string, lamports: bigint): string {
    const slot = this.tick();
    const before = this.balance(address);
    let result = this.svm.airdrop(address as Address, lamports as Lamports);
    if (result && 'err' in result && transactionErrorJson(result.err()) === 'AlreadyProcessed') {
      // The same airdrop twice in one slot is the same transaction: give it a fresh blockhash.
      this.svm.expireBlockhash();
      this.blockhashes.set(this.svm.latestBlockhash(), slot);
      result = this.svm.airdrop(address as Address, lamports as Lamports);
    }
    if (!result || 'err' in result) {
      const err = result ? transactionErrorJson(result.err()) : 'AccountNotFound';
      throw preflightFailure(err, result ? result.meta().logs() : [], 0);
    }
    const signature = base58.encode(result.signature());
    const airdropTx: WireTransaction = {
      signatures: [result.signature()],
      messageBytes: new Uint8Array(0),
      version: 'legacy',
      header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
      accountKeys: [address],
      recentBlockhash: this.svm.latestBlockhash(),
      instructions: [],
      addressTableLookups: [],
    };
    this.remember({
      signature, slot, blockTime: this.blockTime(), wire: new Uint8Array(0), tx: airdropTx, err: null, logs: result.logs(),
      unitsConsumed: Number(result.computeUnitsConsumed()), fee: LAMPORTS_PER_SIGNATURE, preBalances: [before], postBalances: [this.balance(address)],
      preTokenBalances: [], postTokenBalances: [],
    });
    return signature;
  }

  /**
   * The USDC faucet: credits `owner`'s associated token account (created when missing, rent
   * paid) and the mint's supply. Written into the ledger directly, as the mint's authority
   * would by MintTo; no transaction is recorded.
   */
  fundUsdc(owner: string, amount: bigint): string {
    this.tick();
    const ata = associatedTokenAddress(owner, USDC_MINT);
    const existing = this.account(ata);
    const token = existing && existing.owner === TOKEN_PROGRAM ? readTokenAccount(existing.data) : null;
    if (existing && !token) throw invalidParams('The owner\u2019s associated USDC address holds an account that is not a token account.');
    const data = token ? withAmount(existing!.data, token.amount + amount) : tokenAccountData(USDC_MINT, owner, amount);
    const lamports = existing ? existing.lamports : this.minimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE);
    this.write(ata, lamports, TOKEN_PROGRAM, data);
    const mint = this.account(USDC_MINT)!;
    const supply = readMint(mint.data)!.supply;
    this.write(USDC_MINT, mint.lamports, TOKEN_PROGRAM, withSupply(mint.data, supply + amount));
    return ata;
  }

  snapshot(): LedgerSnapshot {
    return { bytes: this.svm.toBytes(), history: new Map(this.history) };
  }

  /** Back to a snapshot's accounts and history; the clock keeps following `now()`. */
  restore(snapshot: LedgerSnapshot): void {
    this.svm = LiteSVM.fromBytes(snapshot.bytes).withBlockhashCheck(false).withSigverify(true).withTransactionHistory(BigInt(HISTORY_LIMIT));
    this.history = new Map(snapshot.history);
    this.setClock();
    this.blockhashes.set(this.svm.latestBlockhash(), this.slot);
  }
}
