/**
 * The fee and the cover check `<latch-wallet-send>` runs before the person is asked, loaded only
 * when the element has an rpcUrl to ask: the chain's cost of the send (src/review/evm-send-cost.ts,
 * solana-send-cost.ts), refused with InsufficientFundsError when the balance cannot cover value
 * plus fee, else the fee's upper bound in units with its symbol. Brings the element's fee and
 * refusal strings with it.
 */
import { formatAmount, insufficientFunds, sendShortfall, type SendCost } from '../../src/review/send-cover.ts';
import { readEvmSendCost, type EvmSendCost, type EvmSendCostRequest } from '../../src/review/evm-send-cost.ts';
import { readSolanaSendCost, type SolanaSendCostRequest } from '../../src/review/solana-send-cost.ts';
import './send-messages.ts';

/** The fee a person reads: '0.000042 ETH' (its upper bound). */
export const feeText = (cost: SendCost): string => formatAmount(cost.native.fee + (cost.native.deposit ?? 0n), cost.native.decimals, cost.native.symbol);

function covered<T extends SendCost>(cost: T): T {
  const shortfall = sendShortfall(cost);
  if (shortfall) throw insufficientFunds(shortfall);
  return cost;
}

/** The EVM send's cost, or InsufficientFundsError / ERR_SEND_ESTIMATE_FAILED / ERR_NETWORK_FAILED. */
export async function quoteEvmSend(request: EvmSendCostRequest): Promise<EvmSendCost> {
  return covered(await readEvmSendCost(request));
}

/** The Solana send's cost, or InsufficientFundsError / ERR_SEND_ESTIMATE_FAILED / ERR_NETWORK_FAILED. */
export async function quoteSolanaSend(request: SolanaSendCostRequest): Promise<SendCost> {
  return covered(await readSolanaSendCost(request));
}
