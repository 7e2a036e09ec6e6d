/**
 * The demo's "Send on the local chains" panel: `<latch-wallet-send>` given the emulator's chain
 * RPC URLs (read from `GET {api}/__chains`) as its `rpc-url` and `solana-rpc-url`, and a small
 * form of the demo's own that asks it for a send of ETH, USDC (ERC-20), SOL or USDC (SPL) through
 * its `send()`: the element prices the send on the chain, shows the fee, refuses what the balance
 * cannot cover, then asks on the confirmation sheet. A faucet button funds the logged-in user's
 * accounts (the on-ramp sandbox in the gallery credits the chain too).
 */
import type { LatchKit } from 'latchkey';
import type { SendRequest } from '../components/latch-wallet-send/latch-wallet-send.ts';
import { demoText, type DemoTextKey } from './demo-text.ts';

interface ChainsDocument {
  evm: { chainId: number; caip2: string; rpcUrl: string; tokens: { symbol: string; address: string; decimals: number; standard: string }[] }[];
  solana: { caip2: string; rpcUrl: string; tokens: { symbol: string; mint: string; decimals: number }[] } | null;
}

const ASSETS = ['ETH', 'USDC', 'SOL', 'USDC (SPL)'] as const;
type Asset = (typeof ASSETS)[number];

function node<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const element = Object.assign(document.createElement(tag), props);
  element.append(...children);
  return element;
}

function field(id: string, label: DemoTextKey, control: HTMLInputElement | HTMLSelectElement): HTMLElement {
  control.id = id;
  return node('p', { className: 'field' }, node('label', { htmlFor: id, textContent: demoText(label) }), control);
}

/** What the element is asked for, from the demo form's asset, recipient and amount. */
function requestOf(asset: Asset, to: string, amount: string, chains: ChainsDocument): SendRequest {
  const evm = chains.evm[0];
  const usdc = evm?.tokens.find((t) => t.symbol === 'USDC');
  const spl = chains.solana?.tokens.find((t) => t.symbol === 'USDC');
  switch (asset) {
    case 'ETH':
      return { to, value: amountToWei(amount) };
    case 'USDC':
      return { erc20: { token: usdc?.address ?? '', to, amount, decimals: usdc?.decimals ?? 6, symbol: 'USDC' } };
    case 'SOL':
      return { solana: { to, sol: amount }, chain: 'solana:devnet' };
    default:
      return { solana: { to, token: { mint: spl?.mint ?? '', amount, decimals: spl?.decimals ?? 6, symbol: 'USDC' } }, chain: 'solana:devnet' };
  }
}

/** "0.5" ETH as wei (the element's send takes wei); a bad amount is left for the element to refuse. */
function amountToWei(amount: string): string {
  const match = /^(\d{1,30})(?:\.(\d{1,18}))?$/.exec(amount.trim());
  return match ? (BigInt(match[1]!) * 10n ** 18n + BigInt((match[2] ?? '').padEnd(18, '0'))).toString() : amount;
}

export async function mountChainSend(container: HTMLElement, kit: LatchKit, apiUrl: string): Promise<void> {
  let chains: ChainsDocument;
  try {
    chains = (await (await fetch(`${apiUrl}/__chains`)).json()) as ChainsDocument;
  } catch {
    chains = { evm: [], solana: null };
  }
  const evm = chains.evm[0];
  if (!evm && !chains.solana) {
    container.replaceChildren(node('p', { className: 'muted', textContent: demoText('chainsOff') }));
    return;
  }
  const send = document.createElement('latch-wallet-send');
  send.kit = kit;
  if (evm) {
    send.chainId = evm.chainId;
    send.rpcUrl = evm.rpcUrl;
  }
  if (chains.solana) send.solanaRpcUrl = chains.solana.rpcUrl;

  const asset = node('select');
  asset.append(...ASSETS.filter((a) => (a === 'ETH' || a === 'USDC' ? evm : chains.solana)).map((a) => node('option', { value: a, textContent: a })));
  const to = node('input', { type: 'text', autocomplete: 'off', spellcheck: false, dir: 'ltr' });
  const amount = node('input', { type: 'text', inputMode: 'decimal', autocomplete: 'off', dir: 'ltr', value: '0.01' });
  const note = node('p', { className: 'muted' });
  note.setAttribute('role', 'status');
  const form = node(
    'form',
    { className: 'chain-send' },
    field('chain-asset', 'chainsAsset', asset),
    field('chain-to', 'chainsTo', to),
    field('chain-amount', 'chainsAmount', amount),
    node('button', { type: 'submit', textContent: demoText('chainsSend') }),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    note.textContent = '';
    // Refusals and failures are shown by the element itself (and logged as latch-error).
    send.send(requestOf(asset.value as Asset, to.value.trim(), amount.value.trim(), chains)).catch(() => undefined);
  });
  const fund = node('button', { type: 'button', className: 'secondary', textContent: demoText('chainsFund') });
  fund.addEventListener('click', async () => {
    const accounts = kit.session ? await kit.session.listWalletAccounts().catch(() => []) : [];
    if (accounts.length === 0) {
      note.textContent = demoText('chainsLogIn');
      return;
    }
    const asks: Record<string, unknown>[] = [];
    for (const account of accounts) {
      if (account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM' && evm) asks.push({ address: account.address, chain: evm.caip2, amount: '1' }, { address: account.address, chain: evm.caip2, asset: 'USDC', amount: '100' });
      if (account.addressFormat === 'ADDRESS_FORMAT_SOLANA' && chains.solana) asks.push({ address: account.address, chain: chains.solana.caip2, amount: '1' }, { address: account.address, chain: chains.solana.caip2, asset: 'USDC', amount: '100' });
    }
    await Promise.all(asks.map((body) => fetch(`${apiUrl}/__faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })));
    note.textContent = demoText('chainsFunded');
  });
  container.replaceChildren(node('p', { className: 'muted', textContent: demoText('chainsAbout') }), fund, note, form, send);
}
