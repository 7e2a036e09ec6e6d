/**
 * What a Solana send will cost, read from the cluster (the page's `rpcUrl`) before the person is
 * asked: the fee the cluster charges for this very message (`getFeeForMessage`), the sender's
 * lamports (`getBalance`), for a token send the sender's token account balance
 * (`getTokenAccountBalance`; no account is 0), and whether the recipient's token account exists
 * (`getAccountInfo`) and, if not, the rent deposit a new one takes
 * (`getMinimumBalanceForRentExemption(165)`), which the sender pays. Commitment `confirmed`, as
 * the send's own blockhash.
 */
import { base64 } from '@scure/base';
import { LatchError } from '../errors/latch-error.ts';
import { ChainRpcRefusal, chainRpc } from './chain-rpc.ts';
import type { SendCost } from './send-cover.ts';

/** An SPL token account's size: what its rent deposit is for. */
export const TOKEN_ACCOUNT_SIZE = 165;

const CONFIRMED = { commitment: 'confirmed' } as const;

function lamports(value: unknown, what: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new LatchError('ERR_RESPONSE_MALFORMED', `The RPC endpoint answered no ${what}.`);
  return BigInt(value);
}

const refused = (cause: unknown): never => {
  if (cause instanceof ChainRpcRefusal) throw new LatchError('ERR_SEND_ESTIMATE_FAILED', `The cluster would not price this send: ${cause.message}`, { cause });
  throw cause;
};

/** Whether `address` holds an account; for a missing one, the rent deposit of a token account. */
export async function readTokenAccountDeposit(rpcUrl: string, address: string, fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<bigint> {
  const info = (await chainRpc(rpcUrl, 'getAccountInfo', [address, { ...CONFIRMED, encoding: 'base64' }], fetchFn).catch(refused)) as { value?: unknown } | null;
  if (info?.value) return 0n;
  return lamports(await chainRpc(rpcUrl, 'getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE, CONFIRMED], fetchFn).catch(refused), 'rent exemption');
}

export interface SolanaSendCostRequest {
  rpcUrl: string;
  from: string;
  /** The unsigned transaction (wire bytes, one signature slot): its message is what is priced. */
  transaction: Uint8Array;
  /** Lamports the send moves (0 for a token send). */
  lamports: bigint;
  /** Lamports the send deposits (a new token account's rent). */
  deposit?: bigint;
  /** A token send: the sender's token account, the amount and the mint's decimals and symbol. */
  token?: { account: string; amount: bigint; decimals: number; symbol: string };
}

export async function readSolanaSendCost(request: SolanaSendCostRequest, fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<SendCost> {
  const { rpcUrl, token } = request;
  if (request.transaction[0] !== 1) throw new LatchError('ERR_INPUT_INVALID', 'The send is a transaction with one signer.');
  const message = base64.encode(request.transaction.subarray(65));
  const rpc = (method: string, params: readonly unknown[]) => chainRpc(rpcUrl, method, params, fetchFn);
  const [fee, balance, tokenBalance] = await Promise.all([
    rpc('getFeeForMessage', [message, CONFIRMED]).then((answer) => {
      const value = (answer as { value?: unknown } | null)?.value;
      // null: the cluster no longer knows the blockhash, so it cannot price (or land) the message.
      if (value === null) throw new LatchError('ERR_SEND_ESTIMATE_FAILED', 'The cluster would not price this send: its blockhash expired.');
      return lamports(value, 'fee');
    }),
    rpc('getBalance', [request.from, CONFIRMED]).then((answer) => lamports((answer as { value?: unknown } | null)?.value, 'balance')),
    token
      ? rpc('getTokenAccountBalance', [token.account, CONFIRMED]).then(
          (answer) => {
            const amount = (answer as { value?: { amount?: unknown } } | null)?.value?.amount;
            if (typeof amount !== 'string' || !/^\d{1,20}$/.test(amount)) throw new LatchError('ERR_RESPONSE_MALFORMED', 'The RPC endpoint answered no token balance.');
            return BigInt(amount);
          },
          // No token account yet: nothing of the token to send.
          (cause: unknown) => (cause instanceof ChainRpcRefusal ? 0n : Promise.reject(cause)),
        )
      : undefined,
  ]).catch(refused);
  return {
    native: { symbol: 'SOL', decimals: 9, balance, value: request.lamports, fee, ...(request.deposit ? { deposit: request.deposit } : {}) },
    ...(token ? { token: { symbol: token.symbol, decimals: token.decimals, balance: tokenBalance!, amount: token.amount } } : {}),
  };
}
