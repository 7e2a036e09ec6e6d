/**
 * What `<latch-wallet-send>` reads from its form, checked before anything is sent, and the
 * parameters of the service's eth_send_transaction built from it. The amount is typed in ETH
 * and converted to wei with integers only (no floating point: 0.1 ETH is exactly
 * 100000000000000000 wei), and the review shows both, so the person checks the number the
 * service receives.
 */
import type { EthSendTransactionParameters } from '../../src/clients/activity-types.ts';

export type DraftField = 'to' | 'value' | 'data';

export interface TransactionDraft {
  from: string;
  to: string;
  /** As typed, in ETH. */
  eth: string;
  /** The same amount in wei (decimal). */
  wei: string;
  /** 0x-hex call data, or '' for none. */
  data: string;
  chainId: number;
  parameters: EthSendTransactionParameters;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const AMOUNT = /^(\d{1,30})(?:\.(\d{1,18}))?$/;
const DATA = /^0x(?:[0-9a-fA-F]{2})*$/;

/** `0.5` ETH → `500000000000000000` wei; null for anything else. */
export function ethToWei(eth: string): string | null {
  const match = AMOUNT.exec(eth);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return (BigInt(whole!) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'))).toString();
}

/** The draft, or the fields that are wrong (in the form's order). */
export function readDraft(input: { from: string; to: string; eth: string; data: string; chainId: number }): TransactionDraft | DraftField[] {
  const to = input.to.trim();
  const eth = input.eth.trim();
  const data = input.data.trim();
  const wei = ethToWei(eth);
  const wrong: DraftField[] = [];
  if (!ADDRESS.test(to)) wrong.push('to');
  if (wei === null) wrong.push('value');
  if (data !== '' && !DATA.test(data)) wrong.push('data');
  if (wrong.length > 0 || wei === null) return wrong;
  const parameters: EthSendTransactionParameters = { from: input.from, to, caip2: `eip155:${input.chainId}`, value: wei, ...(data && data !== '0x' ? { data } : {}) };
  return { from: input.from, to, eth, wei, data: data === '0x' ? '' : data, chainId: input.chainId, parameters };
}
