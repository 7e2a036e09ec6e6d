/**
 * The JSON-RPC methods of the local cluster, each answering in Agave's shapes (what
 * `@solana/web3.js` v1's response structs and `@solana/kit`'s RPC types read). Every
 * commitment is the same here: a transaction lands in the slot it is sent in and is final at
 * once. Params are checked as a node checks them (-32602 for a bad one).
 */
import { base58, base64 } from '@scure/base';
import { SolanaChainError, SolanaRpcCode, invalidParams } from './solana-chain-error.ts';
import { isWritable, readMessage, WireError } from './solana-wire.ts';
import { readMint, readTokenAccount, uiTokenAmount, TOKEN_PROGRAM, TOKEN_2022_PROGRAM } from './spl-token-accounts.ts';
import { SLOTS_PER_EPOCH, transactionFee } from './solana-ledger.ts';
import type { AccountView, LandedTransaction, SolanaLedger } from './solana-ledger.ts';

/** The version this RPC answers like (the Agave line LiteSVM 1.5 is built from). */
export const SOLANA_CORE_VERSION = '2.3.0';
const RENT_EPOCH_EXEMPT = 18446744073709551615n;
const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1000;
/** Agave's faucet refuses more than this in one airdrop on a test validator; we keep a bound too. */
const MAX_AIRDROP_LAMPORTS = 1_000_000_000_000_000n;
const PUBKEY = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

type Params = readonly unknown[];
type Config = Record<string, unknown>;

function pubkey(value: unknown, what = 'Invalid param: Invalid'): string {
  if (typeof value === 'string' && PUBKEY.test(value)) {
    try {
      if (base58.decode(value).length === 32) return value;
    } catch {
      // falls through to the refusal
    }
  }
  throw invalidParams(what);
}

function signature(value: unknown): string {
  if (typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)) {
    try {
      if (base58.decode(value).length === 64) return value;
    } catch {
      // falls through
    }
  }
  throw invalidParams('Invalid param: Invalid');
}

function config(params: Params, index: number): Config {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`Invalid params: expected a config object at position ${index}.`);
  return value as Config;
}

function bytes(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('Invalid params: expected an encoded transaction string.');
  try {
    if (encoding === undefined || encoding === 'base58') return base58.decode(value);
    if (encoding === 'base64') return base64.decode(value);
  } catch {
    throw invalidParams(`invalid transaction: failed to decode ${String(encoding ?? 'base58')}`);
  }
  throw invalidParams(`unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`);
}

function parsedAccountData(account: AccountView): unknown | undefined {
  const program = account.owner === TOKEN_PROGRAM ? 'spl-token' : account.owner === TOKEN_2022_PROGRAM ? 'spl-token-2022' : undefined;
  if (!program) return undefined;
  return program;
}

export interface RpcContext {
  readonly ledger: SolanaLedger;
  /** Told of each transaction the RPC sends, so WebSocket subscribers hear of it. */
  readonly onSent?: (signature: string) => void;
}

export class SolanaRpcMethods {
  constructor(private readonly c: RpcContext) {}

  private context(): { slot: number; apiVersion: string } {
    return { slot: this.c.ledger.tick(), apiVersion: SOLANA_CORE_VERSION };
  }

  private checkMinContextSlot(cfg: Config): void {
    const min = cfg.minContextSlot;
    if (typeof min === 'number' && min > this.c.ledger.tick()) {
      throw new SolanaChainError(-32016, 'Minimum context slot has not been reached');
    }
  }

  private encodeAccount(account: AccountView | null, encoding: unknown): unknown {
    if (!account) return null;
    const base = { executable: account.executable, lamports: account.lamports, owner: account.owner, rentEpoch: RENT_EPOCH_EXEMPT, space: account.data.length };
    if (encoding === 'jsonParsed') {
      const parsed = this.parseToken(account);
      if (parsed) return { ...base, data: parsed };
      encoding = 'base64';
    }
    if (encoding === undefined || encoding === 'base58' || encoding === 'binary') {
      if (account.data.length > 128) throw invalidParams('Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
      return { ...base, data: encoding === 'binary' ? base58.encode(account.data) : [base58.encode(account.data), 'base58'] };
    }
    if (encoding === 'base64') return { ...base, data: [base64.encode(account.data), 'base64'] };
    throw invalidParams(`Invalid params: unsupported encoding: ${String(encoding)}. Supported: base58, base64, jsonParsed`);
  }

  /** jsonParsed for SPL Token accounts and mints, as Agave's account decoder writes them. */
  private parseToken(account: AccountView): unknown | undefined {
    const program = parsedAccountData(account);
    if (!program) return undefined;
    const token = readTokenAccount(account.data);
    if (token) {
      const mint = this.c.ledger.account(token.mint);
      const decimals = mint ? readMint(mint.data)?.decimals : undefined;
      if (decimals === undefined) return undefined;
      return {
        program,
        parsed: { type: 'account', info: { isNative: token.isNative, mint: token.mint, owner: token.owner, state: token.state, tokenAmount: uiTokenAmount(token.amount, decimals) } },
        space: account.data.length,
      };
    }
    const mint = readMint(account.data);
    if (mint) {
      const view = new DataView(account.data.buffer, account.data.byteOffset);
      const option = (at: number) => (view.getUint32(at, true) === 1 ? base58.encode(account.data.subarray(at + 4, at + 36)) : null);
      return {
        program,
        parsed: { type: 'mint', info: { decimals: mint.decimals, freezeAuthority: option(46), isInitialized: true, mintAuthority: option(0), supply: mint.supply.toString() } },
        space: account.data.length,
      };
    }
    return undefined;
  }

  private status(landed: LandedTransaction) {
    return {
      slot: landed.slot,
      confirmations: null,
      err: landed.err,
      status: landed.err === null ? { Ok: null } : { Err: landed.err },
      confirmationStatus: 'finalized',
    };
  }

  private transaction(landed: LandedTransaction, cfg: Config): unknown {
    const { tx } = landed;
    const max = cfg.maxSupportedTransactionVersion;
    if (tx.version === 0 && max === undefined) {
      throw new SolanaChainError(
        SolanaRpcCode.UNSUPPORTED_TRANSACTION_VERSION,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      );
    }
    const encoding = cfg.encoding ?? 'json';
    let transaction: unknown;
    if (encoding === 'base64' || encoding === 'base58') {
      transaction = [encoding === 'base64' ? base64.encode(landed.wire) : base58.encode(landed.wire), encoding];
    } else if (encoding === 'json') {
      transaction = {
        signatures: tx.signatures.map((s) => base58.encode(s)),
        message: {
          header: tx.header,
          accountKeys: tx.accountKeys,
          recentBlockhash: tx.recentBlockhash,
          instructions: tx.instructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: base58.encode(ix.data), stackHeight: null })),
          ...(tx.version === 0 ? { addressTableLookups: tx.addressTableLookups } : {}),
        },
      };
    } else if (encoding === 'jsonParsed') {
      // Keys with their roles, and each instruction partially decoded (programId, accounts, data):
      // the form Agave uses for a program it does not parse; here, for every program.
      transaction = {
        signatures: tx.signatures.map((s) => base58.encode(s)),
        message: {
          accountKeys: tx.accountKeys.map((pubkey, i) => ({ pubkey, signer: i < tx.header.numRequiredSignatures, writable: isWritable(tx, i), source: 'transaction' })),
          recentBlockhash: tx.recentBlockhash,
          instructions: tx.instructions.map((ix) => ({
            programId: tx.accountKeys[ix.programIdIndex],
            accounts: ix.accounts.map((index) => tx.accountKeys[index]),
            data: base58.encode(ix.data),
            stackHeight: null,
          })),
          ...(tx.version === 0 ? { addressTableLookups: tx.addressTableLookups } : {}),
        },
      };
    } else {
      throw invalidParams(`Invalid params: unsupported encoding: ${String(encoding)}. Supported: json, jsonParsed, base58, base64`);
    }
    return {
      slot: landed.slot,
      blockTime: landed.blockTime,
      ...(max !== undefined ? { version: tx.version } : {}),
      transaction,
      meta: {
        err: landed.err,
        status: landed.err === null ? { Ok: null } : { Err: landed.err },
        fee: landed.fee,
        preBalances: landed.preBalances,
        postBalances: landed.postBalances,
        innerInstructions: [],
        logMessages: landed.logs,
        preTokenBalances: landed.preTokenBalances,
        postTokenBalances: landed.postTokenBalances,
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: landed.unitsConsumed,
      },
    };
  }

  /** Runs one method; unknown ones are -32601 as on a node. */
  call(method: string, params: Params): unknown {
    const { ledger } = this.c;
    switch (method) {
      case 'getHealth':
        return 'ok';
      case 'getVersion':
        return { 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 };
      case 'getGenesisHash':
        return ledger.genesisHash;
      case 'getSlot':
      case 'getBlockHeight':
        this.checkMinContextSlot(config(params, 0));
        return ledger.tick();
      case 'getEpochInfo': {
        const slot = ledger.tick();
        return { absoluteSlot: slot, blockHeight: slot, epoch: Math.floor(slot / SLOTS_PER_EPOCH), slotIndex: slot % SLOTS_PER_EPOCH, slotsInEpoch: SLOTS_PER_EPOCH, transactionCount: ledger.transactionCount() };
      }
      case 'getEpochSchedule':
        return { firstNormalEpoch: 0, firstNormalSlot: 0, leaderScheduleSlotOffset: SLOTS_PER_EPOCH, slotsPerEpoch: SLOTS_PER_EPOCH, warmup: false };
      case 'getLatestBlockhash': {
        this.checkMinContextSlot(config(params, 0));
        const { blockhash, lastValidBlockHeight, slot } = ledger.latestBlockhash();
        return { context: { slot, apiVersion: SOLANA_CORE_VERSION }, value: { blockhash, lastValidBlockHeight } };
      }
      case 'isBlockhashValid': {
        const hash = pubkey(params[0], 'Invalid param: Invalid blockhash');
        return { context: this.context(), value: ledger.isBlockhashValid(hash) };
      }
      case 'getBalance':
        return { context: this.context(), value: ledger.balance(pubkey(params[0])) };
      case 'getAccountInfo': {
        const address = pubkey(params[0]);
        const cfg = config(params, 1);
        this.checkMinContextSlot(cfg);
        return { context: this.context(), value: this.encodeAccount(ledger.account(address), cfg.encoding) };
      }
      case 'getMultipleAccounts': {
        const list = params[0];
        if (!Array.isArray(list)) throw invalidParams('Invalid params: expected an array of addresses.');
        if (list.length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
        const cfg = config(params, 1);
        const addresses = list.map((a) => pubkey(a));
        return { context: this.context(), value: addresses.map((a) => this.encodeAccount(ledger.account(a), cfg.encoding)) };
      }
      case 'getTokenAccountBalance': {
        const token = ledger.tokenBalance(pubkey(params[0]));
        if (!token) throw invalidParams('Invalid param: not a Token account');
        return { context: this.context(), value: uiTokenAmount(token.amount, token.decimals) };
      }
      case 'getTokenAccountsByOwner': {
        const owner = pubkey(params[0]);
        const filter = config(params, 1);
        const cfg = config(params, 2);
        if ((filter.mint === undefined) === (filter.programId === undefined)) throw invalidParams('Invalid params: expected exactly one of mint or programId.');
        const accounts = ledger.tokenAccountsByOwner(owner, filter.mint !== undefined ? { mint: pubkey(filter.mint) } : { programId: pubkey(filter.programId) });
        return { context: this.context(), value: accounts.map(({ address, account }) => ({ pubkey: address, account: this.encodeAccount(account, cfg.encoding) })) };
      }
      case 'getMinimumBalanceForRentExemption': {
        const size = params[0];
        if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0 || size > 10 * 1024 * 1024) throw invalidParams('Invalid params: expected a data length.');
        return ledger.minimumBalanceForRentExemption(size);
      }
      case 'getFeeForMessage': {
        let message;
        try {
          message = readMessage(bytes(params[0], 'base64'));
        } catch (error) {
          if (error instanceof WireError) throw invalidParams(`invalid message: ${error.message}`);
          throw error;
        }
        return { context: this.context(), value: ledger.isBlockhashValid(message.recentBlockhash) ? transactionFee(message) : null };
      }
      case 'sendTransaction': {
        const cfg = config(params, 1);
        const wire = bytes(params[0], cfg.encoding);
        this.checkMinContextSlot(cfg);
        const sent = ledger.send(wire, { skipPreflight: cfg.skipPreflight === true });
        this.c.onSent?.(sent);
        return sent;
      }
      case 'simulateTransaction': {
        const cfg = config(params, 1);
        const wire = bytes(params[0], cfg.encoding);
        const accountsCfg = cfg.accounts as { addresses?: unknown; encoding?: unknown } | undefined;
        let addresses: string[] | undefined;
        if (accountsCfg !== undefined) {
          if (!accountsCfg || !Array.isArray(accountsCfg.addresses)) throw invalidParams('Invalid params: accounts.addresses must be an array.');
          if (accountsCfg.addresses.length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`Too many accounts provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
          addresses = accountsCfg.addresses.map((a) => pubkey(a));
        }
        const result = ledger.simulate(wire, { sigVerify: cfg.sigVerify === true, replaceRecentBlockhash: cfg.replaceRecentBlockhash === true, ...(addresses ? { accounts: addresses } : {}) });
        const encoding = accountsCfg?.encoding ?? 'base64';
        return {
          context: this.context(),
          value: {
            err: result.err,
            logs: result.logs,
            accounts: result.accounts ? result.accounts.map((a) => this.encodeAccount(a, encoding)) : null,
            unitsConsumed: result.unitsConsumed,
            returnData: null,
            innerInstructions: null,
            replacementBlockhash: result.replacementBlockhash ?? null,
          },
        };
      }
      case 'getSignatureStatuses': {
        const list = params[0];
        if (!Array.isArray(list)) throw invalidParams('Invalid params: expected an array of signatures.');
        if (list.length > MAX_SIGNATURE_STATUSES) throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
        const signatures = list.map(signature);
        return { context: this.context(), value: signatures.map((s) => { const landed = ledger.landed(s); return landed ? this.status(landed) : null; }) };
      }
      case 'getTransaction': {
        const landed = ledger.landed(signature(params[0]));
        if (!landed || landed.wire.length === 0) return null;
        return this.transaction(landed, config(params, 1));
      }
      case 'getSignaturesForAddress': {
        const address = pubkey(params[0]);
        const cfg = config(params, 1);
        const limit = cfg.limit === undefined ? MAX_SIGNATURES_FOR_ADDRESS : Number(cfg.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS) throw invalidParams('Invalid limit; max 1000');
        const before = cfg.before === undefined ? undefined : signature(cfg.before);
        const until = cfg.until === undefined ? undefined : signature(cfg.until);
        return ledger.signaturesFor(address, { limit, ...(before ? { before } : {}), ...(until ? { until } : {}) }).map((landed) => ({
          signature: landed.signature,
          slot: landed.slot,
          err: landed.err,
          memo: null,
          blockTime: landed.blockTime,
          confirmationStatus: 'finalized',
        }));
      }
      case 'requestAirdrop': {
        const address = pubkey(params[0]);
        const lamports = params[1];
        if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports <= 0 || BigInt(lamports) > MAX_AIRDROP_LAMPORTS) {
          throw invalidParams('Invalid params: lamports must be a positive integer.');
        }
        const sent = ledger.airdrop(address, BigInt(lamports));
        this.c.onSent?.(sent);
        return sent;
      }
      default:
        throw new SolanaChainError(SolanaRpcCode.METHOD_NOT_FOUND, 'Method not found');
    }
  }
}
