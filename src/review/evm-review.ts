/**
 * An EIP-1193 request that signs, sends or changes the chain, as the RequestReview the
 * confirmation sheet shows: personal_sign (the text, or hex marked as not text),
 * eth_signTypedData_v4 (evm-typed-data.ts), eth_signTransaction and eth_sendTransaction (to,
 * value in ETH and wei, chain, data decoded by evm-calldata.ts, fees when known),
 * wallet_switchEthereumChain and wallet_addEthereumChain (which chain). Pure: the provider checks
 * the request first, reads what it needs from the chain, and passes it in `context`.
 */
import { fromHex, toHex } from '../encoding/hex.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import type { TypedData } from '../signing/typed-data-digest.ts';
import { reviewCalldata } from './evm-calldata.ts';
import { chainText, evmChain, formatEth, formatGwei, toBigInt } from './evm-format.ts';
import { reviewTypedData } from './evm-typed-data.ts';
import type { RequestReview, ReviewAction, ReviewRow, ReviewSection, ReviewWarning } from './request-review.ts';

export interface EvmReviewContext {
  /** The page that asks (its origin). */
  origin: string;
  /** The account that signs. */
  account: string;
  /** The chain the account is on. */
  chainId: bigint;
  /**
   * Transaction fields the provider filled or read from the chain's rpcUrl (nonce, gas, fees),
   * which win over the request's own; absent fields are not shown.
   */
  filled?: { nonce?: bigint; gas?: bigint; gasPrice?: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint };
  /** The decimals of the token a transaction calls, when read (amounts are shown in its units too). */
  tokenDecimals?: number;
}

export interface EvmRequest {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;
/** Text a person can read: no control characters but tab and line breaks. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The message's text when its bytes are readable UTF-8, and its hex always. */
export function messageOf(message: string): { text?: string; hex: string } {
  if (!HEX_BYTES.test(message)) return { text: message, hex: `0x${toHex(utf8Encode(message))}` };
  const hex = message.toLowerCase();
  let text: string | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(fromHex(hex.slice(2)));
  } catch {
    text = undefined;
  }
  // Bidirectional overrides and other control characters could show one thing and sign another.
  return text !== undefined && hex !== '0x' && !CONTROL.test(text) ? { text, hex } : { hex };
}

const paramsOf = (request: EvmRequest): readonly unknown[] => (Array.isArray(request.params) ? request.params : []);

function transactionSections(tx: Record<string, unknown>, context: EvmReviewContext): { sections: ReviewSection[]; warnings: ReviewWarning[] } {
  const warnings: ReviewWarning[] = [];
  const to = typeof tx.to === 'string' ? tx.to : undefined;
  const value = toBigInt(tx.value) ?? 0n;
  const data = typeof tx.data === 'string' ? tx.data : typeof tx.input === 'string' ? tx.input : '0x';
  const rows: ReviewRow[] = [];
  if (to) rows.push({ label: 'to', value: to, format: 'address' });
  rows.push({ label: 'value', value: formatEth(value), format: 'amount' }, { label: 'value-wei', value: value.toString(), format: 'amount' });
  rows.push({ label: 'chain', value: chainText(context.chainId), format: 'text' });
  const nonce = context.filled?.nonce ?? toBigInt(tx.nonce);
  if (nonce !== undefined) rows.push({ label: 'nonce', value: nonce.toString(), format: 'amount' });
  if (data !== '0x') rows.push({ label: 'data', value: data.toLowerCase(), format: 'hex' });
  const sections: ReviewSection[] = [{ title: 'transaction', rows }];
  const call = reviewCalldata(to, data, context.tokenDecimals);
  if (call) {
    sections.push(call.section);
    warnings.push(...call.warnings);
  }
  const fee = (key: 'gas' | 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas') => context.filled?.[key] ?? toBigInt(tx[key] ?? (key === 'gas' ? tx.gasLimit : undefined));
  const gas = fee('gas');
  const maxFee = fee('maxFeePerGas');
  const priority = fee('maxPriorityFeePerGas');
  const gasPrice = fee('gasPrice');
  const feeRows: ReviewRow[] = [];
  const perGas = maxFee ?? gasPrice;
  if (gas !== undefined && perGas !== undefined) feeRows.push({ label: 'fee', value: formatEth(gas * perGas), format: 'amount' });
  if (gas !== undefined) feeRows.push({ label: 'gas', value: gas.toString(), format: 'amount' });
  if (maxFee !== undefined) feeRows.push({ label: 'max-fee', value: formatGwei(maxFee), format: 'amount' });
  if (priority !== undefined) feeRows.push({ label: 'max-priority-fee', value: formatGwei(priority), format: 'amount' });
  if (gasPrice !== undefined) feeRows.push({ label: 'gas-price', value: formatGwei(gasPrice), format: 'amount' });
  if (feeRows.length) sections.push({ title: 'fees', rows: feeRows });
  const txChain = toBigInt(tx.chainId);
  if (txChain !== undefined && txChain !== context.chainId) warnings.push('chain-mismatch');
  return { sections, warnings };
}

/** Most serious first, each once. */
const ORDER: readonly ReviewWarning[] = ['unlimited-amount', 'approval-for-all', 'permit', 'unreadable-data', 'chain-mismatch', 'message-not-text', 'unreadable-instruction'];
const ordered = (warnings: readonly ReviewWarning[]): ReviewWarning[] => ORDER.filter((w) => warnings.includes(w));

/**
 * The review of `request` (already checked by the provider: an invalid one may read oddly, never
 * throw). Methods that neither sign, send nor change the chain have none: undefined.
 */
export function reviewEvmRequest(request: EvmRequest, context: EvmReviewContext): RequestReview | undefined {
  const params = paramsOf(request);
  const base = { origin: context.origin, account: context.account, chain: evmChain(context.chainId) };
  const make = (action: ReviewAction, sections: ReviewSection[], warnings: ReviewWarning[], message?: RequestReview['message']): RequestReview => ({
    action,
    ...base,
    ...(message ? { message } : {}),
    sections,
    warnings: ordered(warnings),
  });
  switch (request.method) {
    case 'personal_sign': {
      const message = messageOf(typeof params[0] === 'string' ? params[0] : '');
      const warnings: ReviewWarning[] = message.text === undefined ? ['message-not-text'] : [];
      return make('sign-message', [], warnings, message);
    }
    case 'eth_signTypedData_v4': {
      const raw = params[1];
      let typed: TypedData;
      try {
        typed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as TypedData;
      } catch {
        return make('sign-typed-data', [{ title: 'fields', rows: [{ label: 'data', value: String(raw), format: 'text' }] }], ['unreadable-data']);
      }
      const { sections, warnings } = reviewTypedData(typed, context.chainId);
      return make('sign-typed-data', sections, warnings);
    }
    case 'eth_signTransaction':
    case 'eth_sendTransaction': {
      const tx = (typeof params[0] === 'object' && params[0] !== null ? params[0] : {}) as Record<string, unknown>;
      const { sections, warnings } = transactionSections(tx, context);
      return make(request.method === 'eth_signTransaction' ? 'sign-transaction' : 'send-transaction', sections, warnings);
    }
    case 'wallet_switchEthereumChain': {
      const chainId = toBigInt((params[0] as { chainId?: unknown } | undefined)?.chainId);
      return make('switch-chain', [{ title: 'chain', rows: [{ label: 'chain', value: chainId === undefined ? '?' : chainText(chainId), format: 'text' }] }], []);
    }
    case 'wallet_addEthereumChain': {
      const chain = (params[0] ?? {}) as { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown; nativeCurrency?: { symbol?: unknown; decimals?: unknown } };
      const chainId = toBigInt(chain.chainId);
      const name = typeof chain.chainName === 'string' ? chain.chainName : undefined;
      const rows: ReviewRow[] = [{ label: 'chain', value: chainId === undefined ? '?' : chainText(chainId, name), format: 'text' }];
      const rpc = Array.isArray(chain.rpcUrls) ? chain.rpcUrls[0] : undefined;
      if (typeof rpc === 'string') rows.push({ label: 'rpc-url', value: rpc, format: 'code' });
      if (typeof chain.nativeCurrency?.symbol === 'string') rows.push({ label: 'currency', value: chain.nativeCurrency.symbol, format: 'text' });
      return make('add-chain', [{ title: 'chain', rows }], []);
    }
    default:
      return undefined;
  }
}
