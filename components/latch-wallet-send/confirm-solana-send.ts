/**
 * `<latch-wallet-send>.send({ solana })`'s review, loaded only when a page asks for a Solana
 * send: a System Program transfer from the user's Solana account, built as the unsigned
 * transaction sol_send_transaction takes, read back by the same Solana review the wallet's
 * signAndSendTransaction gets (so the sheet shows what the bytes say, not what was asked), and
 * shown on the confirmation sheet. Resolves the sol_send_transaction parameters when the person
 * approves, null when they reject.
 *
 * The blockhash: the hosted service fetches a fresh one only for a sponsored send, so the
 * transaction carries its own, given (`recentBlockhash`) or read through `rpcUrl`; it is also
 * passed as the intent's `recentBlockhash`, which the service uses as is.
 *
 * An SPL token send (`solana.token`: mint, amount in the token's units, decimals) is a
 * TransferChecked between the two associated token accounts, creating the recipient's first when
 * it has none (its rent paid by the sender); it needs an rpcUrl to know. With the element's
 * solana-rpc-url the cluster prices the message first (send-quote.ts): a balance that cannot cover amount plus fee
 * (and rent) is refused here, before the sheet.
 */
import type { SolanaCaip2, SolSendTransactionParameters } from '../../src/clients/activity-types.ts';
import { LatchError } from '../../src/errors/latch-error.ts';
import { readLatestBlockhash } from '../../src/review/solana-blockhash.ts';
import { U64_MAX } from '../../src/review/solana-instruction-review.ts';
import { solanaTransactionReview } from '../../src/review/solana-transaction-review.ts';
import { solanaKey, solToLamports, systemTransferTransaction } from '../../src/review/solana-transfer.ts';
import { toHex } from '../../src/encoding/hex.ts';
import { parseUnits } from '../../src/review/evm-erc20.ts';
import { confirmWithSheet } from '../internal/confirm-with-sheet.ts';

/**
 * A SOL send the page asks for: to `to`, `lamports` (a whole number) or `sol` (a decimal of at
 * most 9 places), from `from` (one of the user's Solana accounts; default the first), on `chain`
 * (default solana:mainnet), with `recentBlockhash` or an `rpcUrl` to read one.
 */
export interface SolanaSendRequest {
  solana: ({ to: string; lamports: bigint | string } | { to: string; sol: string } | { to: string; token: SplToken }) & { from?: string };
  chain?: 'solana:mainnet' | 'solana:devnet';
  recentBlockhash?: string;
  rpcUrl?: string;
}

/** An SPL token to send: its mint, the amount in its units ("2.5"), its decimals and symbol. */
export interface SplToken {
  mint: string;
  amount: string;
  decimals: number;
  symbol?: string;
}

const CHAIN_NAMES: Record<string, string> = { 'solana:mainnet': 'Solana', 'solana:devnet': 'Solana Devnet' };
const invalid = (message: string) => new LatchError('ERR_INPUT_INVALID', message);

function lamportsOf(solana: Exclude<SolanaSendRequest['solana'], { token: SplToken }>): bigint {
  if ('sol' in solana && 'lamports' in solana) throw invalid('Give the amount once: sol or lamports.');
  if ('sol' in solana) return solToLamports(solana.sol);
  const value = solana.lamports;
  if (typeof value !== 'bigint' && !(typeof value === 'string' && /^\d{1,20}$/.test(value))) throw invalid('The amount is lamports: a whole number.');
  return BigInt(value);
}

/** The lamports, checked as the transfer builder checks them, but before any network call. */
function amountOf(solana: Exclude<SolanaSendRequest['solana'], { token: SplToken }>): bigint {
  const lamports = lamportsOf(solana);
  if (lamports <= 0n || lamports > U64_MAX) throw invalid('The amount is above 0 and at most 2^64 \u2212 1 lamports.');
  return lamports;
}

export async function confirmSolanaSend(
  request: SolanaSendRequest,
  accounts: readonly string[],
  options: { locale: string; rpcUrl?: string | undefined; onFee?: (fee: string) => void },
): Promise<SolSendTransactionParameters | null> {
  const { solana } = request;
  if (typeof solana !== 'object' || solana === null) throw invalid('The Solana send is { to, lamports }, { to, sol } or { to, token }.');
  const from = solana.from ?? accounts[0];
  if (!from || !accounts.includes(from)) throw invalid('The sender is not one of the user\u2019s Solana accounts.');
  const chain = request.chain ?? 'solana:mainnet';
  if (!Object.hasOwn(CHAIN_NAMES, chain)) throw invalid('The chain is solana:mainnet or solana:devnet.');
  const rpcUrl = request.rpcUrl ?? options.rpcUrl;
  const token = 'token' in solana ? solana.token : undefined;
  const lamports = token ? 0n : amountOf(solana as Exclude<SolanaSendRequest['solana'], { token: SplToken }>);
  const units = token ? parseUnits(String(token.amount), token.decimals) : 0n;
  if (token && (units <= 0n || units > U64_MAX)) throw invalid('The token amount is above 0 and at most 2^64 \u2212 1 of its smallest unit.');
  // Everything is checked before the network is asked: a bad request never reaches the RPC endpoint.
  solanaKey(solana.to, 'recipient');
  if (token) solanaKey(token.mint, 'mint');
  if (solana.to === from) throw invalid('The recipient is the sender.');
  if (token && !rpcUrl) throw invalid('A token send needs an rpcUrl: whether the recipient has a token account is read from the cluster.');
  if (request.recentBlockhash !== undefined) solanaKey(request.recentBlockhash, 'recent blockhash');
  else if (!rpcUrl) throw invalid('A Solana send needs a recentBlockhash, or an rpcUrl to read one.');
  const recentBlockhash = request.recentBlockhash ?? (await readLatestBlockhash(rpcUrl!));
  let transaction: Uint8Array;
  let deposit = 0n;
  let tokenAccount = '';
  if (token) {
    const [{ associatedTokenAddress, splTransferTransaction }, { readTokenAccountDeposit }] = await Promise.all([import('../../src/review/spl-transfer.ts'), import('../../src/review/solana-send-cost.ts')]);
    tokenAccount = associatedTokenAddress(from, token.mint);
    deposit = await readTokenAccountDeposit(rpcUrl!, associatedTokenAddress(solana.to, token.mint));
    transaction = splTransferTransaction({ from, to: solana.to, mint: token.mint, amount: units, decimals: token.decimals, recentBlockhash, createRecipientAccount: deposit > 0n });
  } else {
    transaction = systemTransferTransaction({ from, to: solana.to, lamports, recentBlockhash });
  }
  // Priced on the element's solana-rpc-url (the request's rpcUrl reads blockhash and accounts).
  if (options.rpcUrl) {
    const { quoteSolanaSend, feeText } = await import('./send-quote.ts');
    const cost = await quoteSolanaSend({
      rpcUrl: options.rpcUrl,
      from,
      transaction,
      lamports,
      deposit,
      ...(token ? { token: { account: tokenAccount, amount: units, decimals: token.decimals, symbol: token.symbol ?? 'tokens' } } : {}),
    });
    options.onFee?.(feeText(cost));
  }
  const review = solanaTransactionReview({ origin: location.origin, account: from, chain: { id: chain, name: CHAIN_NAMES[chain] }, action: 'send-transaction' }, transaction);
  if (!(await confirmWithSheet(review, { locale: options.locale }))) return null;
  return { signWith: from, unsignedTransaction: toHex(transaction), caip2: chain as SolanaCaip2, recentBlockhash };
}
