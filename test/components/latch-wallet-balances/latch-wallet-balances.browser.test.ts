// <latch-wallet> leading with balances, Receive and recent activity, against an emulator with its
// local chains (anvil, LiteSVM; started for this file by the test runner's emulator plugin). A
// user signed up through the kit is funded through /__faucet; the balances shown are held to what
// viem's public client reads from the same chain (a library this project did not write); the
// Receive QR code is decoded back to the address with jsqr; a send made in the wallet's own form
// changes the balance shown once the chain has it, and shows in the activity with its status.
// The rarer tools sit behind "More". Spanish and Arabic (right to left), keyboard, live regions.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { createPublicClient, formatUnits, http, parseAbi } from 'viem';
import jsQR from 'jsqr';
import { after, afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWallet } from '../../../components/latch-wallet/latch-wallet.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { resetConfig } from '../support/helpers.ts';
import { deepActive, deepPart as part, deepParts as parts, find, text } from '../support/shadow.ts';

LatchWallet.define();

interface Urls {
  apiUrl: string;
  proxyUrl: string;
}
interface EvmChainInfo {
  chainId: number;
  caip2: string;
  rpcUrl: string;
  tokens: { symbol: string; address: `0x${string}`; decimals: number; standard: string }[];
}
interface ChainsDocument {
  evm: EvmChainInfo[];
  solana: { caip2: string } | null;
}

const ETH_ACCOUNT = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;
const SOL_ACCOUNT = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' } as const;
const TO = '0x1111111111111111111111111111111111111111';

let urls: Urls;
let chains: ChainsDocument;
let evm: EvmChainInfo;
const kits: LatchKit[] = [];

afterEach(() => resetConfig());
after(() => {
  for (const kit of kits.splice(0)) kit.dispose();
});

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const answer = await fetch(url, init);
  if (!answer.ok) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

async function faucet(address: string, chain: string, asset: string, amount: string): Promise<void> {
  await json(`${urls.apiUrl}/__faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address, chain, asset, amount }) });
}

/** A user signed up through the kit with an Ethereum and a Solana account, logged in. */
async function user(): Promise<{ kit: LatchKit; eth: string; sol: string }> {
  const keys = await json<{ notarizerPublicKey: string; enclavePublicKey: string }>(`${urls.apiUrl}/__keys`);
  const kit = new LatchKit({
    proxyUrl: urls.proxyUrl,
    configId: 'demo',
    apiBaseUrl: urls.apiUrl,
    notarizerPublicKey: keys.notarizerPublicKey,
    enclavePublicKey: keys.enclavePublicKey,
    keyStore: new MemoryKeyStore(),
    sessionStore: new MemorySessionStore(),
    sessionChannel: noSessionChannel,
  });
  kits.push(kit);
  const contact = `balances.${crypto.randomUUID()}@example.com`;
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
  const outbox = await json<{ messages: { code: string }[] }>(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`);
  const outcome = await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: outbox.messages[0]!.code, signup: { wallet: { walletName: 'Main', accounts: [ETH_ACCOUNT, SOL_ACCOUNT] } } });
  const accounts = await outcome.session.listWalletAccounts();
  const eth = accounts.find((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')!.address;
  const sol = accounts.find((a) => a.addressFormat === 'ADDRESS_FORMAT_SOLANA')!.address;
  return { kit, eth, sol };
}

async function wallet(kit: LatchKit, attributes: { locale?: string; send?: boolean } = {}): Promise<LatchWallet> {
  const el = await fixture<LatchWallet>(
    html`<latch-wallet .kit=${kit} chain-id=${evm.chainId} solana-chain=${chains.solana?.caip2 ?? ''} locale=${attributes.locale ?? 'en'} ?send=${attributes.send ?? false}></latch-wallet>`,
  );
  await waitUntil(() => find(el, '[part~="balance-list"]'), 'the balances show', { timeout: 15_000 }).catch((error: unknown) => {
    const shown = [el, ...Array.from(el.shadowRoot!.querySelectorAll('*'))].map((node) => `${node.localName}: ${text(node.shadowRoot ?? node).slice(0, 300)}`);
    throw new Error(`${String(error)}; shown: ${shown.filter((line) => line.startsWith('latch-')).join(' | ')}`);
  });
  await el.updateComplete;
  return el;
}

/** The balances shown for the account whose short address `address` starts like. */
function shownBalances(el: LatchWallet, address: string): string[] {
  const account = parts(el, 'balance-account').find((node) => text(node.querySelector('[part~="balance-account-name"]')).includes(address.slice(0, 6)));
  if (!account) throw new Error(`no balances shown for ${address}`);
  return Array.from(account.querySelectorAll('[part~="balance"]'), (node) => text(node));
}

/** What the chain itself says, through viem: "1.5 ETH", "25 USDC" (viem's exact text). */
async function onChain(address: `0x${string}`): Promise<{ eth: string; usdc: string }> {
  const client = createPublicClient({ transport: http(evm.rpcUrl) });
  const usdc = evm.tokens.find((t) => t.symbol === 'USDC')!;
  const [wei, units] = await Promise.all([
    client.getBalance({ address }),
    client.readContract({ address: usdc.address, abi: parseAbi(['function balanceOf(address) view returns (uint256)']), functionName: 'balanceOf', args: [address] }),
  ]);
  return { eth: `${formatUnits(wei, 18)} ETH`, usdc: formatUnits(units, usdc.decimals) };
}

/** Draws the QR code's SVG on a canvas and reads it back with jsqr. */
async function decodeQr(svg: SVGSVGElement): Promise<string | undefined> {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', '290');
  clone.setAttribute('height', '290');
  clone.setAttribute('style', 'background:#fff');
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = 290;
  canvas.height = 290;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, 290, 290);
  context.drawImage(image, 0, 0, 290, 290);
  const { data, width, height } = context.getImageData(0, 0, 290, 290);
  return jsQR(data, width, height)?.data;
}

function stubClipboard(): { written: string[]; restore: () => void } {
  const written: string[] = [];
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (value: string) => void written.push(value) } });
  return { written, restore: () => Object.defineProperty(navigator, 'clipboard', original) };
}

describe('<latch-wallet> balances, Receive and activity (local chains)', () => {
  before(async () => {
    urls = (await executeServerCommand('latchkey-chains-emulator')) as Urls;
    chains = await json<ChainsDocument>(`${urls.apiUrl}/__chains`);
    evm = chains.evm[0]!;
  });

  it('shows the funded balances, exactly what the chain holds, in units with symbols; passes axe', async () => {
    const { kit, eth } = await user();
    await faucet(eth, evm.caip2, 'ETH', '1.5');
    await faucet(eth, evm.caip2, 'USDC', '25');
    const el = await wallet(kit);
    const chain = await onChain(eth as `0x${string}`);
    expect(chain).to.deep.equal({ eth: '1.5 ETH', usdc: '25' });
    expect(shownBalances(el, eth)).to.deep.equal([chain.eth, `${chain.usdc}.00 USDC`]);
    await expect(el).to.be.accessible();
  });

  it('reads them again on Refresh and says so in the live region', async () => {
    const { kit, eth } = await user();
    await faucet(eth, evm.caip2, 'ETH', '0.000000000000000001');
    const el = await wallet(kit);
    expect(shownBalances(el, eth)).to.deep.equal(['0.000000000000000001 ETH']);
    await faucet(eth, evm.caip2, 'ETH', '2');
    await faucet(eth, evm.caip2, 'USDC', '1234.5');
    part(el, 'balances-refresh').click();
    await waitUntil(() => shownBalances(el, eth).length === 2, 'the new balances show', { timeout: 10_000 });
    expect(shownBalances(el, eth)).to.deep.equal(['2.000000000000000001 ETH', '1,234.50 USDC']);
    expect((await onChain(eth as `0x${string}`)).eth).to.equal('2.000000000000000001 ETH');
    expect(text(el.shadowRoot!.querySelector('[part~="announcer"]'))).to.equal('Balances updated.');
  });

  it('Receive shows the address, a QR code that decodes to it, and Copy with a polite confirmation', async () => {
    const { kit, eth } = await user();
    const el = await wallet(kit);
    const account = parts(el, 'balance-account').find((node) => text(node).includes(eth.slice(0, 6)))!;
    const toggle = account.querySelector<HTMLButtonElement>('[part~="receive-button"]')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => find(el, '[part~="receive-qr"]'), 'the QR code shows', { timeout: 10_000 });
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(text(part(el, 'receive-address'))).to.equal(eth);
    const qr = part(el, 'receive-qr') as unknown as SVGSVGElement;
    expect(qr.getAttribute('role')).to.equal('img');
    expect(qr.getAttribute('aria-label')).to.equal('QR code of the address');
    expect(await decodeQr(qr)).to.equal(eth);

    const clipboard = stubClipboard();
    try {
      part(el, 'receive-copy').click();
      const receive = find(el, 'latch-wallet-receive')!;
      await waitUntil(() => text(receive.shadowRoot!.querySelector('[part~="announcer"]')) === 'Address copied.', 'the copy is announced', { timeout: 5000 });
      expect(clipboard.written).to.deep.equal([eth]);
      expect(receive.shadowRoot!.querySelector('[part~="announcer"]')!.getAttribute('aria-live')).to.equal('polite');
    } finally {
      clipboard.restore();
    }
    await expect(el).to.be.accessible();
  });

  it('after a send from its own form: the balance the chain has once it is included, and the send in the activity with its status', async () => {
    const { kit, eth } = await user();
    await faucet(eth, evm.caip2, 'ETH', '1');
    const el = await wallet(kit, { send: true });
    expect(shownBalances(el, eth)).to.deep.equal(['1 ETH']);
    await waitUntil(() => find(el, '[part~="activity-empty"]'), 'no activity yet', { timeout: 10_000 });
    part<HTMLInputElement>(el, 'send-to').value = TO;
    part<HTMLInputElement>(el, 'send-value').value = '0.25';
    part(el, 'send-review').click();
    await waitUntil(() => find(el, '[part~="send-button"]'), 'the review shows', { timeout: 5000 });
    part(el, 'send-button').click();
    await waitUntil(() => find(el, '[part~="activity-status"][data-state="INCLUDED"]'), 'the send shows as included', { timeout: 20_000 });
    await waitUntil(() => shownBalances(el, eth)[0] !== '1 ETH', 'the balance changes', { timeout: 20_000 });
    await el.updateComplete;
    const chain = await onChain(eth as `0x${string}`);
    // 1 ETH less 0.25 and the fee the chain charged: only the chain knows the fee.
    expect(Number(chain.eth.split(' ')[0])).to.be.lessThan(0.75);
    expect(shownBalances(el, eth)).to.deep.equal([chain.eth]);
    expect(text(part(el, 'activity-what'))).to.equal(`Sent 0.25 ETH to 0x1111…1111`);
    expect(text(part(el, 'activity-status'))).to.equal('Included in a block');
  });

  it('keeps the rarer tools behind "More", closed, opened from the keyboard', async () => {
    const { kit } = await user();
    const el = await wallet(kit);
    const more = part<HTMLDetailsElement>(el, 'more');
    expect(more.open).to.equal(false);
    expect(part(el, 'sign').checkVisibility()).to.equal(false);
    // What leads: balances first, then the activity, then the accounts.
    const order = Array.from(el.shadowRoot!.querySelector('.sections')!.children, (node) => node.localName);
    expect(order.slice(0, 3)).to.deep.equal(['latch-wallet-balances', 'latch-wallet-activity', 'latch-wallet-accounts']);
    part(el, 'more-toggle').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => more.open, 'More opens');
    expect(deepActive(el)).to.equal(part(el, 'more-toggle'));
    expect(part(el, 'sign').checkVisibility()).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('speaks Spanish and Arabic (right to left), with the locale\'s decimal mark and digits', async () => {
    const { kit, eth } = await user();
    await faucet(eth, evm.caip2, 'ETH', '1.5');
    await faucet(eth, evm.caip2, 'USDC', '25');
    const es = await wallet(kit, { locale: 'es' });
    expect(shownBalances(es, eth)).to.deep.equal(['1,5 ETH', '25,00 USDC']);
    expect(text(part(es, 'balances-refresh'))).to.equal('Actualizar saldos');
    expect(text(part(es, 'more-toggle'))).to.equal('Más: firmar, exportar, importar, añadir una cuenta');
    const ar = await wallet(kit, { locale: 'ar' });
    expect(ar.getAttribute('dir')).to.equal('rtl');
    const arabic = new Intl.NumberFormat('ar', { minimumFractionDigits: 1 }).format(1.5);
    const cents = new Intl.NumberFormat('ar', { minimumFractionDigits: 2 }).format(25);
    expect(shownBalances(ar, eth)).to.deep.equal([`${arabic} ETH`, `${cents} USDC`]);
    expect(text(part(ar, 'balances-refresh'))).to.equal('تحديث الأرصدة');
    await expect(ar).to.be.accessible();
  });
});
