// <latch-confirm> with a simulated transaction (issue 36 item 2): "What changes for you" as a
// list labelled by its heading, what leaves first ("You send 25 USDC"), what comes in ("You
// receive 0.5 ETH"), approvals with spender and amount; a failing one says "This will fail:
// <reason>" with the warning first; one that could not be simulated says so in the warnings and
// still shows the decoding. English, Spanish, Arabic (right to left); axe. The reviews are the
// kit's decoding (of viem's encodings) with simulate-evm.ts's withSimulation applied, as the
// provider builds them. Solana's changes (simulate-solana.ts) drawn the same way: SOL with the
// fee, SPL amounts, a delegate, a token account handed over or closed.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { encodeFunctionData, erc20Abi, maxUint256, parseUnits } from 'viem';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchConfirm } from '../../../components/latch-confirm/latch-confirm.ts';
import { reviewEvmRequest } from '../../../src/review/evm-review.ts';
import { withSimulation, type EvmSimulation } from '../../../src/review/simulate-evm.ts';
import type { SolanaSimulation } from '../../../src/review/simulate-solana.ts';
import type { RequestReview } from '../../../src/review/request-review.ts';
import { deepActiveElement, pinBrowserLanguages } from '../support/helpers.ts';
import { has, part, parts, text } from '../support/shadow.ts';

LatchConfirm.define();
pinBrowserLanguages(['en-US']);

const ACCOUNT = '0x9999999999999999999999999999999999999999';
const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const SPENDER = '0x3333333333333333333333333333333333333333';
const CTX = { origin: 'https://dapp.example', account: ACCOUNT, chainId: 11155111n };

const send = (): RequestReview =>
  reviewEvmRequest({ method: 'eth_sendTransaction', params: [{ to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, parseUnits('25', 6)] }) }] }, CTX)!;
const SWAP: EvmSimulation = {
  status: 'simulated',
  changes: [
    { kind: 'transfer', standard: 'erc20', asset: USDC, direction: 'out', amount: '-25000000', symbol: 'USDC', decimals: 6 },
    { kind: 'transfer', standard: 'native', asset: 'native', direction: 'in', amount: '500000000000000000', symbol: 'ETH', decimals: 18 },
    { kind: 'approval', standard: 'erc20', asset: USDC, direction: 'approve', amount: maxUint256.toString(), spender: SPENDER, symbol: 'USDC', decimals: 6 },
    { kind: 'transfer', standard: 'erc721', asset: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0', direction: 'out', amount: '-1', tokenId: '7', symbol: 'LKC' },
  ],
};

/** A Solana drain as simulate-solana.ts reads it from the cluster: SOL and USDC out, then what is handed over. */
const VICTIM = '7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2';
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const THIEF = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const solanaSend = (): RequestReview => ({
  action: 'send-transaction',
  origin: 'https://dapp.example',
  account: VICTIM,
  chain: { id: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', name: 'Solana Devnet' },
  sections: [{ title: 'transaction', rows: [{ label: 'fee-payer', value: VICTIM, format: 'address' }] }],
  warnings: [],
});
const DRAIN: SolanaSimulation = {
  status: 'simulated',
  changes: [
    { kind: 'transfer', standard: 'native', asset: 'native', direction: 'out', amount: '-100005000', symbol: 'SOL', decimals: 9 },
    { kind: 'transfer', standard: 'spl', asset: MINT, direction: 'out', amount: '-25000000', decimals: 6 },
    { kind: 'approval', standard: 'spl', asset: MINT, direction: 'approve', amount: (2n ** 64n - 1n).toString(), spender: THIEF, decimals: 6 },
    { kind: 'owner-change', standard: 'spl', asset: MINT, direction: 'out', amount: '75000000', spender: THIEF, decimals: 6 },
    { kind: 'closed', standard: 'spl', asset: MINT, direction: 'out', amount: '0' },
  ],
};

const opened: LatchConfirm[] = [];
afterEach(() => {
  for (const el of opened.splice(0)) el.remove();
});

async function ask(review: RequestReview, locale = 'en'): Promise<LatchConfirm> {
  const el = await fixture<LatchConfirm>(html`<latch-confirm locale=${locale}></latch-confirm>`);
  opened.push(el);
  void el.ask(review);
  await el.updateComplete;
  await waitUntil(() => el.open && el.shadowRoot!.contains(deepActiveElement()), 'the sheet did not take focus');
  return el;
}

describe('<latch-confirm>: what a simulated transaction changes', () => {
  it('lists the changes, what leaves first, in a list named by its heading; axe', async () => {
    const el = await ask(withSimulation(send(), SWAP));
    const list = part(el, 'change-list');
    expect(list.localName).to.equal('ul');
    expect(el.shadowRoot!.getElementById(list.getAttribute('aria-labelledby')!)!.textContent).to.equal('What changes for you');
    expect(parts(el, 'change').map(text)).to.deep.equal([
      'You send 25 USDC',
      'You receive 0.5 ETH',
      `You allow ${SPENDER} to spend an unlimited amount of USDC`,
      'You send LKC #7',
    ]);
    expect(parts(el, 'change').map((li) => li.dataset.change)).to.deep.equal(['out', 'in', 'approve', 'out']);
    // The decoding is still there, after the changes.
    expect(text(el.shadowRoot!.querySelector('[data-section="call"] h3'))).to.equal('Contract call');
    await expect(el).to.be.accessible();
  });

  it('a transaction that will fail: the warning first, and the reason in its section', async () => {
    const el = await ask(withSimulation(send(), { status: 'will-fail', reason: 'TestToken: transfer to the zero address' }));
    expect(parts(el, 'warning')[0]!.dataset.warning).to.equal('will-fail');
    expect(text(part(el, 'change-failure'))).to.equal('This will fail: TestToken: transfer to the zero address');
    expect(has(el, 'change-list')).to.equal(false);
  });

  it('not simulated: said in plain words, no changes section, the decoding shown', async () => {
    const el = await ask(withSimulation(send(), { status: 'not-simulated', cause: 'timeout' }));
    expect(parts(el, 'warning').map((w) => w.dataset.warning)).to.include('not-simulated');
    expect(text(el.shadowRoot!.querySelector('[data-warning="not-simulated"]'))).to.match(/could not simulate/);
    expect(el.shadowRoot!.querySelector('[data-section="changes"]')).to.equal(null);
    expect(el.shadowRoot!.querySelector('[data-section="call"]')).to.not.equal(null);
  });

  it('nothing changes: said so', async () => {
    const el = await ask(withSimulation(send(), { status: 'simulated', changes: [] }));
    expect(text(part(el, 'change-none'))).to.equal('No change to your assets, besides the network fee.');
  });

  it('Spanish', async () => {
    const el = await ask(withSimulation(send(), SWAP), 'es');
    expect(text(el.shadowRoot!.getElementById('changes-title'))).to.equal('Qué cambia para usted');
    expect(parts(el, 'change').map(text).slice(0, 2)).to.deep.equal(['Usted envía 25 USDC', 'Usted recibe 0.5 ETH']);
  });

  it('Arabic, right to left, amounts kept in order; axe', async () => {
    const el = await ask(withSimulation(send(), SWAP), 'ar');
    expect(el.getAttribute('dir')).to.equal('rtl');
    expect(text(el.shadowRoot!.getElementById('changes-title'))).to.equal('ما الذي يتغيّر لك');
    expect(parts(el, 'change').map(text).slice(0, 2)).to.deep.equal(['ترسل 25 USDC', 'تستلم 0.5 ETH']);
    expect(text(el.shadowRoot!.querySelector('[data-warning]'))).to.not.match(/confirm\./);
    await expect(el).to.be.accessible();
  });

  it('Solana: SOL with the fee and SPL amounts out (mint decimals), an unlimited delegate, an account handed over and one closed; axe', async () => {
    const el = await ask(withSimulation(solanaSend(), DRAIN));
    expect(parts(el, 'change').map(text)).to.deep.equal([
      'You send 0.100005 SOL',
      `You send 25 ${MINT}`,
      `You allow ${THIEF} to spend an unlimited amount of ${MINT}`,
      `You hand your ${MINT} account to ${THIEF}, who can then move all it holds`,
      `Your ${MINT} token account is closed`,
    ]);
    expect(parts(el, 'change').map((li) => li.dataset.change)).to.deep.equal(['out', 'out', 'approve', 'out', 'out']);
    await expect(el).to.be.accessible();
  });

  it('Solana in Spanish', async () => {
    const es = await ask(withSimulation(solanaSend(), DRAIN), 'es');
    expect(parts(es, 'change').map(text).slice(3)).to.deep.equal([`Usted entrega su cuenta de ${MINT} a ${THIEF}, que podrá mover todo lo que contiene`, `Se cierra su cuenta de tokens ${MINT}`]);
  });

  // One sheet open at a time: two modal sheets would trap focus against each other.
  it('Solana in Arabic, right to left; axe', async () => {
    const ar = await ask(withSimulation(solanaSend(), DRAIN), 'ar');
    expect(ar.getAttribute('dir')).to.equal('rtl');
    expect(parts(ar, 'change').map(text).slice(3)).to.deep.equal([`تسلّم حساب ${MINT} الخاص بك إلى ${THIEF}، فيستطيع نقل كل ما فيه`, `يُغلق حساب الرموز ${MINT} الخاص بك`]);
    await expect(ar).to.be.accessible();
  });
});
