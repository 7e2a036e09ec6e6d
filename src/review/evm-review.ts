/**
 * An EIP-1193 request that signs, sends or changes the chain, as the RequestReview the
 * confirmation sheet shows: personal_sign (the text, or hex marked as not text),
 * eth_signTypedData_v4 (evm-typed-data.ts), eth_signTransaction and eth_sendTransaction (to,
 * value in ETH and wei, chain, data decoded by evm-calldata.ts, fees when known),
 * wallet_switchEthereumChain and wallet_addEthereumChain (which chain). Pure: the provider checks
 * the request first, reads what it needs from the chain, and passes it in `context`.
 *
 * personal_sign also reads what a message may be beyond its text: a sign-in message (EIP-4361,
 * siwe-message.ts) for another site, chain or time is warned; a 32-byte message that is not text
 * is said to be what it may be, a hash whose signature authorizes a transaction (smart accounts
 * and Safes accept such owner signatures); invisible and bidirectional characters are shown as
 * ⟦U+XXXX⟧ with `hidden-characters` (hidden-characters.ts). A transaction without `to` creates
 * a contract, and says so.
 */
import { fromHex, toHex } from '../encoding/hex.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import type { TypedData } from '../signing/typed-data-digest.ts';
import { reviewCalldata } from './evm-calldata.ts';
import { chainText, evmChain, formatEth, formatGwei, toBigInt, type TokenBook } from './evm-format.ts';
import { reviewTypedData } from './evm-typed-data.ts';
import { hasHiddenCharacters, revealHiddenCharacters } from './hidden-characters.ts';
import type { RequestReview, ReviewAction, ReviewRow, ReviewSection, ReviewWarning } from './request-review.ts';
import { parseSiweMessage, siweMatchesOrigin } from './siwe-message.ts';

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
  /** Tokens whose decimals (and symbol) are known, by lowercase address: amounts of them are in their units. */
  tokens?: TokenBook;
  /** The time now (ms since 1970), for a sign-in message's validity; Date.now() when absent. */
  now?: number;
}

export interface EvmRequest {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;
/** Text a person can read: no control characters but tab and line breaks. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The message's bytes as UTF-8 text, or undefined when they are not UTF-8. */
function decodedText(message: string): string | undefined {
  if (!HEX_BYTES.test(message)) return message;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(fromHex(message.slice(2)));
  } catch {
    return undefined;
  }
}

/**
 * The message's text when its bytes are readable UTF-8 (invisible characters shown as
 * ⟦U+XXXX⟧), and its hex always.
 */
export function messageOf(message: string): { text?: string; hex: string } {
  const hex = HEX_BYTES.test(message) ? message.toLowerCase() : `0x${toHex(utf8Encode(message))}`;
  const text = decodedText(message);
  // Bidirectional overrides and other control characters could show one thing and sign another.
  return text !== undefined && hex !== '0x' && !CONTROL.test(text) ? { text: revealHiddenCharacters(text), hex } : { hex };
}

/** A sign-in message's section and warnings, or undefined when `text` is no EIP-4361 message. */
function signInReview(text: string, context: EvmReviewContext): { section: ReviewSection; warnings: ReviewWarning[] } | undefined {
  // Read as the site that checks it reads it; a message that is one only once its hidden
  // characters are taken out signs in to a domain no one typed: another site.
  const exact = parseSiweMessage(text);
  const siwe = exact ?? parseSiweMessage(text.replace(/\p{Cf}/gu, ''));
  if (!siwe) return undefined;
  const warnings: ReviewWarning[] = [];
  if (!exact || !siweMatchesOrigin(siwe, context.origin)) warnings.push('origin-mismatch');
  if (siwe.chainId !== context.chainId) warnings.push('chain-mismatch');
  const now = context.now ?? Date.now();
  const expires = siwe.expirationTime === undefined ? Number.NaN : Date.parse(siwe.expirationTime);
  const starts = siwe.notBefore === undefined ? Number.NaN : Date.parse(siwe.notBefore);
  if (expires <= now) warnings.push('sign-in-expired');
  if (starts > now) warnings.push('sign-in-not-yet-valid');
  const shown = (v: string) => revealHiddenCharacters(v);
  const rows: ReviewRow[] = [
    // The site as the message writes it, hidden characters and all (the fallback's parse lost them).
    { label: 'website', value: shown(text.slice(0, text.indexOf(' wants you to sign in'))), format: 'code' },
    { label: 'address', value: siwe.address, format: 'address' },
    { label: 'uri', value: shown(siwe.uri), format: 'code' },
    { label: 'chain', value: chainText(siwe.chainId), format: 'text' },
    { label: 'nonce', value: shown(siwe.nonce), format: 'code' },
    { label: 'issued-at', value: shown(siwe.issuedAt), format: 'date' },
  ];
  if (siwe.expirationTime !== undefined) rows.push({ label: 'deadline', value: shown(siwe.expirationTime), format: 'date' });
  if (siwe.notBefore !== undefined) rows.push({ label: 'not-before', value: shown(siwe.notBefore), format: 'date' });
  return { section: { title: 'sign-in', rows, ...(warnings.length ? { warnings } : {}) }, warnings };
}

const paramsOf = (request: EvmRequest): readonly unknown[] => (Array.isArray(request.params) ? request.params : []);

function transactionSections(tx: Record<string, unknown>, context: EvmReviewContext): { sections: ReviewSection[]; warnings: ReviewWarning[] } {
  const warnings: ReviewWarning[] = [];
  const to = typeof tx.to === 'string' && tx.to !== '' ? tx.to : undefined;
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
  // No `to`: the data is the code of a new contract, not a call.
  if (!to) warnings.push('contract-creation');
  const call = reviewCalldata(to, data, { ...(context.tokenDecimals !== undefined ? { decimals: context.tokenDecimals } : {}), ...(context.tokens ? { tokens: context.tokens } : {}) });
  if (call) {
    sections.push(...call.sections);
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

/** Most serious first, each once (a warning this list does not rank comes last, never dropped). */
const ORDER: readonly ReviewWarning[] = [
  'hash-signature', 'origin-mismatch', 'unlimited-amount', 'approval-for-all', 'permit', 'delegation', 'listing', 'contract-creation',
  'unknown-type', 'unreadable-data', 'hidden-characters', 'truncated', 'chain-mismatch', 'sign-in-expired', 'sign-in-not-yet-valid',
  'message-not-text', 'unreadable-instruction',
];
const rank = (w: ReviewWarning): number => (ORDER.includes(w) ? ORDER.indexOf(w) : ORDER.length);
const ordered = (warnings: readonly ReviewWarning[]): ReviewWarning[] => [...new Set(warnings)].sort((a, b) => rank(a) - rank(b));

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
      const raw = typeof params[0] === 'string' ? params[0] : '';
      const message = messageOf(raw);
      const text = decodedText(raw);
      const warnings: ReviewWarning[] = [];
      const sections: ReviewSection[] = [];
      // 32 bytes that are not text: a hash, whose signature a smart account or a Safe may take as its owner's approval.
      if (message.text === undefined) warnings.push(message.hex.length === 66 ? 'hash-signature' : 'message-not-text');
      else if (hasHiddenCharacters(text!)) warnings.push('hidden-characters');
      const signIn = text === undefined ? undefined : signInReview(text, context);
      if (signIn) {
        sections.push(signIn.section);
        warnings.push(...signIn.warnings);
      }
      return make('sign-message', sections, warnings, message);
    }
    case 'eth_signTypedData_v4': {
      const raw = params[1];
      let typed: TypedData;
      try {
        typed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as TypedData;
      } catch {
        return make('sign-typed-data', [{ title: 'fields', rows: [{ label: 'data', value: String(raw), format: 'text' }] }], ['unreadable-data']);
      }
      const { sections, warnings } = reviewTypedData(typed, context.chainId, context.tokens);
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
