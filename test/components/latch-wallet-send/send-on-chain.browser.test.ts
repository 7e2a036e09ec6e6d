// <latch-wallet-send> against an emulator with its local chains (anvil, LiteSVM; started for this
// file by the test runner's emulator plugin), the chain's rpcUrl given to the element (issue 35
// item 6): the fee the chain estimates is shown before the person is asked, in ETH, and sent as
// the transaction's gas and fees; a send of ETH and one of USDC land, and the recipient's balance
// read by viem's public client (a library this project did not write) changes by exactly the
// amount; <latch-tx-status> follows each to INCLUDED with the block viem's receipt names. A
// balance that cannot cover value + fee is refused before asking, app-initiated and from the form:
// the confirmation sheet is never shown, nothing is submitted, the message says both amounts.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type Address } from 'viem';
import { after, afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletSend } from '../../../components/latch-wallet-send/latch-wallet-send.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { pressButton, resetConfig } from '../support/helpers.ts';
import { part, parts, text } from '../support/shadow.ts';

LatchWalletSend.define();

interface EvmChainInfo {
  chainId: number;
  caip2: string;
  rpcUrl: string;
  tokens: { symbol: string; address: Address; decimals: number }[];
}

const ETH_ACCOUNT = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;

let urls: { apiUrl: string; proxyUrl: string };
let evm: EvmChainInfo;
let usdc: Address;
let pub: ReturnType<typeof createPublicClient>;
const kits: LatchKit[] = [];
/** Every <latch-confirm> the page ever showed (a refusal before asking must leave this empty). */
const sheetsShown: Element[] = [];
const watcher = new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) if (node instanceof Element && node.localName === 'latch-confirm') sheetsShown.push(node);
});

afterEach(() => {
  resetConfig();
  for (const el of document.querySelectorAll('latch-confirm')) el.remove();
});
after(() => {
  watcher.disconnect();
  for (const kit of kits.splice(0)) kit.dispose();
});

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const answer = await fetch(url, init);
  if (!answer.ok) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

const faucet = (address: string, asset: string, amount: string) =>
  json(`${urls.apiUrl}/__faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address, chain: evm.caip2, asset, amount }) });

/** A user signed up through the kit with an Ethereum account, logged in. */
async function user(): Promise<{ kit: LatchKit; eth: Address }> {
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
  const contact = `send.${crypto.randomUUID()}@example.com`;
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
  const outbox = await json<{ messages: { code: string }[] }>(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`);
  const outcome = await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: outbox.messages[0]!.code, signup: { wallet: { walletName: 'Main', accounts: [ETH_ACCOUNT] } } });
  const accounts = await outcome.session.listWalletAccounts();
  return { kit, eth: accounts.find((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')!.address as Address };
}

async function sender(kit: LatchKit, locale = 'en'): Promise<LatchWalletSend> {
  const el = await fixture<LatchWalletSend>(html`<latch-wallet-send .kit=${kit} chain-id=${evm.chainId} rpc-url=${evm.rpcUrl} locale=${locale}></latch-wallet-send>`);
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="send-from"] option'), 'the accounts load', { timeout: 15_000 });
  return el;
}

async function sheet(): Promise<{ el: HTMLElement; rows: Record<string, string> }> {
  await waitUntil(() => document.querySelector('latch-confirm')?.hasAttribute('open'), 'no confirmation sheet', { timeout: 15_000 });
  const el = document.querySelector('latch-confirm')!;
  await el.updateComplete;
  const rows: Record<string, string> = {};
  for (const row of parts(el, 'row')) rows[row.dataset.label!] ??= text(row.querySelector('dd'));
  return { el, rows };
}

/** The send's <latch-tx-status> once final: its status, hash and block. */
async function included(el: LatchWalletSend): Promise<{ status: string; hash: `0x${string}`; block: string }> {
  await waitUntil(() => el.shadowRoot!.querySelector('latch-tx-status'), 'no status element', { timeout: 15_000 });
  const status = el.shadowRoot!.querySelector('latch-tx-status')!;
  await waitUntil(() => status.shadowRoot?.querySelector('[part~="block"]'), 'not included', { timeout: 20_000 });
  return { status: part(status, 'status').dataset.status!, hash: text(part(status, 'tx-hash')) as `0x${string}`, block: text(part(status, 'block')) };
}

describe('<latch-wallet-send> on the local chain: fee before asking, sends that land, refusals before asking', () => {
  before(async () => {
    urls = (await executeServerCommand('latchkey-chains-emulator')) as { apiUrl: string; proxyUrl: string };
    const chains = await json<{ evm: EvmChainInfo[] }>(`${urls.apiUrl}/__chains`);
    evm = chains.evm[0]!;
    usdc = evm.tokens.find((t) => t.symbol === 'USDC')!.address;
    pub = createPublicClient({ transport: http(evm.rpcUrl) });
    watcher.observe(document.body, { childList: true, subtree: true });
  });

  it('an ETH send and a USDC send: the fee shown before the sheet, the sheet lists it, both land; viem reads the recipient up by exactly the amounts', async () => {
    const { kit, eth } = await user();
    const to = `0x${crypto.getRandomValues(new Uint8Array(20)).reduce((s, b) => s + b.toString(16).padStart(2, '0'), '')}` as Address;
    await faucet(eth, 'ETH', '1');
    await faucet(eth, 'USDC', '100');
    const el = await sender(kit);

    const asked = el.send({ to, value: parseEther('0.25') });
    const shown = await sheet();
    await el.updateComplete;
    expect(text(part(el, 'send-fee'))).to.match(/^Network fee: up to 0\.\d+ ETH$/);
    // The sheet's fee is the one the element shows: gas × maxFeePerGas.
    expect(text(part(el, 'send-fee'))).to.equal(`Network fee: up to ${shown.rows['fee']}`);
    await pressButton(part(shown.el, 'approve'));
    expect(await asked).to.be.a('string');
    const ethSend = await included(el);
    expect(ethSend.status).to.equal('INCLUDED');
    const receipt = await pub.getTransactionReceipt({ hash: ethSend.hash });
    expect(receipt.status).to.equal('success');
    expect(ethSend.block).to.equal(String(receipt.blockNumber));
    expect(await pub.getBalance({ address: to })).to.equal(parseEther('0.25'));

    const again = el.send({ erc20: { token: usdc, to, amount: '12.5', decimals: 6, symbol: 'USDC' } });
    const second = await sheet();
    await pressButton(part(second.el, 'approve'));
    await again;
    const usdcSend = await included(el);
    expect(usdcSend.hash).to.not.equal(ethSend.hash);
    expect((await pub.getTransactionReceipt({ hash: usdcSend.hash })).status).to.equal('success');
    expect(await pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).to.equal(parseUnits('12.5', 6));
    expect(await pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [eth] })).to.equal(parseUnits('87.5', 6));
  });

  it('a balance that cannot cover value + fee is refused before asking: no sheet, nothing submitted, both amounts said; the form stops at the value too', async () => {
    const { kit, eth } = await user();
    await faucet(eth, 'ETH', '0.001');
    const el = await sender(kit);
    const activities = async () => (await kit.session!.query('list_activities', {})).activities.length;
    const before = await activities();
    const shownBefore = sheetsShown.length;

    const failed = oneEvent(el, 'latch-error');
    const error = await el.send({ to: '0x1111111111111111111111111111111111111111', value: parseEther('0.001') }).catch((e: unknown) => e);
    expect(isLatchError(error, 'ERR_SEND_INSUFFICIENT_FUNDS'), String(error)).to.equal(true);
    expect((await failed).detail.error.code).to.equal('ERR_SEND_INSUFFICIENT_FUNDS');
    await el.updateComplete;
    expect(text(part(el, 'error'))).to.match(/^Not enough ETH: the balance is 0\.001 ETH, and this send needs 0\.001\d+ ETH with the network fee\. Nothing was sent\.$/);
    expect(sheetsShown.length).to.equal(shownBefore);
    expect(await activities()).to.equal(before);

    // The form: Review stops at the value, the preview never shows.
    const input = (name: string) => part<HTMLInputElement>(el, `send-${name}`);
    input('to').value = '0x1111111111111111111111111111111111111111';
    input('value').value = '0.001';
    part(el, 'send-review').click();
    await waitUntil(() => text(part(el, 'error')).startsWith('Not enough ETH') && el.shadowRoot!.activeElement === input('value'), 'refused in the form', { timeout: 15_000 });
    expect(el.shadowRoot!.querySelector('[part~="send-preview"]')).to.equal(null);
    expect(sheetsShown.length).to.equal(shownBefore);
    expect(await activities()).to.equal(before);

    // Enough for it: the review lists the fee.
    input('value').value = '0.0001';
    part(el, 'send-review').click();
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="send-preview"]'), 'the review', { timeout: 15_000 });
    expect(text(part(el, 'send-fee'))).to.match(/^Network fee: up to 0\.\d+ ETH$/);
  });

  it('Spanish and Arabic: the refusal in the page\u2019s language', async () => {
    const { kit, eth } = await user();
    await faucet(eth, 'ETH', '0.001');
    for (const [locale, pattern] of [['es', /^No hay suficiente ETH: el saldo es 0\.001 ETH/], ['ar', /^لا يكفي رصيد ETH: الرصيد 0\.001 ETH/]] as const) {
      const el = await sender(kit, locale);
      await el.send({ to: '0x1111111111111111111111111111111111111111', value: parseEther('0.001') }).catch(() => undefined);
      await el.updateComplete;
      expect(text(part(el, 'error'))).to.match(pattern);
      el.remove();
    }
  });
});
