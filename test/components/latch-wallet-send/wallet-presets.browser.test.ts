// App-initiated requests with the kit's own screens (issue 23, item 4), in the browser against the
// emulator: <latch-wallet-sign>.sign({message} | {typedData}) and <latch-wallet-send>.send(a
// transaction | an ERC-20 transfer in token units) open the same confirmation sheet as the
// EIP-1193 provider, with the same review; Reject resolves null and nothing reaches the service;
// Approve signs or sends exactly that. Signatures are checked with viem (recoverMessageAddress,
// recoverTypedDataAddress); the transfer's calldata with viem's decodeFunctionData; decimals are
// read through a stand-in rpcUrl (a fetch that answers eth_call with viem's encodeFunctionResult).
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { decodeFunctionData, encodeFunctionResult, erc20Abi, recoverMessageAddress, recoverTypedDataAddress, type Hex } from 'viem';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletSend } from '../../../components/latch-wallet-send/latch-wallet-send.ts';
import { LatchWalletSign } from '../../../components/latch-wallet-sign/latch-wallet-sign.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { pinBrowserLanguages, pressButton } from '../support/helpers.ts';
import { emulatorKit, logIn, part, parts, text, type LoggedIn } from '../support/kit-login.ts';
import { MAIL } from '../../support/eip712-mail.ts';

LatchWalletSend.define();
LatchWalletSign.define();
pinBrowserLanguages(['en-US']);

const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const TO = '0x3333333333333333333333333333333333333333';

const kits: LatchKit[] = [];
afterEach(() => {
  for (const kit of kits.splice(0)) kit.dispose();
  for (const el of document.querySelectorAll('latch-confirm')) el.remove();
});

/** The confirmation sheet once it asks: its rows by English label, and its warnings. */
async function sheet(): Promise<{ el: HTMLElement; title: string; rows: Record<string, string>; warnings: string[] }> {
  await waitUntil(() => document.querySelector('latch-confirm')?.hasAttribute('open'), 'no confirmation sheet', { timeout: 10_000 });
  const el = document.querySelector('latch-confirm')!;
  await el.updateComplete;
  const rows: Record<string, string> = {};
  for (const row of parts(el, 'row')) rows[text(row.querySelector('dt'))] = text(row.querySelector('dd'));
  return { el, title: text(part(el, 'title')), rows, warnings: parts(el, 'warning').map((w) => w.dataset.warning!) };
}

/** A kit that records what it submits (activity type names in the URL). */
async function recordingKit(): Promise<{ kit: LatchKit; submitted: string[] }> {
  const submitted: string[] = [];
  const kit = await emulatorKit((input, init) => {
    const url = String(input);
    if (url.includes('/public/v1/submit/')) submitted.push(url.slice(url.lastIndexOf('/') + 1));
    return fetch(input, init);
  });
  kits.push(kit);
  return { kit, submitted };
}

describe('<latch-wallet-sign>.sign(): a preset request on the confirmation sheet', () => {
  let user: LoggedIn;
  let submitted: string[];
  before(async () => {
    const recorded = await recordingKit();
    submitted = recorded.submitted;
    user = await logIn(recorded.kit);
  });

  async function signer(): Promise<{ el: LatchWalletSign; address: string }> {
    const el = await fixture<LatchWalletSign>(html`<latch-wallet-sign .kit=${user.kit}></latch-wallet-sign>`);
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="sign-account"]'), 'the accounts load', { timeout: 10_000 });
    return { el, address: part<HTMLSelectElement>(el, 'sign-account').value };
  }

  it('a message: the sheet shows its text; Reject resolves null and nothing is signed; Approve signs it (viem recovers the account)', async () => {
    const { el, address } = await signer();
    const before = submitted.length;
    const rejected = el.sign({ message: 'Pay invoice 42' });
    const first = await sheet();
    expect(first.title).to.equal('Sign this message?');
    expect(text(part(first.el, 'message-text'))).to.equal('Pay invoice 42');
    expect(text(part(first.el, 'account'))).to.equal(address);
    part(first.el, 'reject').click();
    expect(await rejected).to.equal(null);
    expect(submitted.length).to.equal(before);

    const approved = el.sign({ message: 'Pay invoice 42' });
    await pressButton(part((await sheet()).el, 'approve'));
    const signature = (await approved)!;
    const hex = `0x${signature.r.padStart(64, '0')}${signature.s.padStart(64, '0')}${(Number.parseInt(signature.v, 16) + 27).toString(16)}` as Hex;
    expect((await recoverMessageAddress({ message: 'Pay invoice 42', signature: hex })).toLowerCase()).to.equal(address.toLowerCase());
    expect(submitted.slice(before)).to.deep.equal(['sign_raw_payload']);
    expect(part(el, 'signature').querySelector('[data-value="r"]')!.textContent).to.equal(signature.r);
  });

  it('typed data: the sheet shows its domain and fields; Approve signs its EIP-712 digest (viem recovers the account)', async () => {
    const { el, address } = await signer();
    const approved = el.sign({ typedData: MAIL });
    const shown = await sheet();
    expect(shown.title).to.equal('Sign this data?');
    expect(shown.rows['Application']).to.equal('Ether Mail');
    expect(shown.rows['contents']).to.equal('Hello, Bob!');
    await pressButton(part(shown.el, 'approve'));
    const signature = (await approved)!;
    const hex = `0x${signature.r.padStart(64, '0')}${signature.s.padStart(64, '0')}${(Number.parseInt(signature.v, 16) + 27).toString(16)}` as Hex;
    expect((await recoverTypedDataAddress({ ...MAIL, signature: hex })).toLowerCase()).to.equal(address.toLowerCase());
  });
});

describe('<latch-wallet-send>.send(): a preset transaction or ERC-20 transfer on the confirmation sheet', () => {
  let user: LoggedIn;
  let submitted: string[];
  before(async () => {
    const recorded = await recordingKit();
    submitted = recorded.submitted;
    user = await logIn(recorded.kit);
  });

  async function sender(): Promise<LatchWalletSend> {
    const el = await fixture<LatchWalletSend>(html`<latch-wallet-send chain-id="11155111" .kit=${user.kit}></latch-wallet-send>`);
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="send-from"]'), 'the accounts load', { timeout: 10_000 });
    return el;
  }

  it('a transaction: to, value in ETH and wei, chain; Reject resolves null, nothing sent; Approve sends it', async () => {
    const el = await sender();
    const before = submitted.length;
    const rejected = el.send({ to: TO, value: 15_000_000_000_000_000n });
    const shown = await sheet();
    expect(shown.title).to.equal('Send this transaction?');
    expect(shown.rows['To']).to.equal(TO);
    expect(shown.rows['Value']).to.equal('0.015 ETH');
    expect(shown.rows['Value in wei']).to.equal('15000000000000000');
    expect(shown.rows['Network']).to.equal('Sepolia (11155111)');
    part(shown.el, 'reject').click();
    expect(await rejected).to.equal(null);
    expect(submitted.length).to.equal(before);

    const approved = el.send({ to: TO, value: '15000000000000000' });
    await pressButton(part((await sheet()).el, 'approve'));
    expect(await approved).to.be.a('string').and.not.equal('');
    expect(submitted.slice(before)).to.deep.equal(['eth_send_transaction']);
  });

  it('an ERC-20 transfer in token units, decimals read through rpcUrl: the sheet shows the token call and the amount in units', async () => {
    const el = await sender();
    const calls: unknown[] = [];
    const realFetch = window.fetch;
    // A stand-in for the chain's rpcUrl: only eth_call decimals() is asked.
    window.fetch = async (input, init) => {
      if (String(input) !== 'https://rpc.test.invalid/') return realFetch(input, init);
      const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: [{ to: string; data: string }] };
      calls.push(body.params[0]);
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: 6 }) }));
    };
    try {
      const before = submitted.length;
      const sent = el.send({ erc20: { token: TOKEN, to: TO, amount: '12.5' }, rpcUrl: 'https://rpc.test.invalid/' });
      const shown = await sheet();
      expect(calls).to.deep.equal([{ to: TOKEN, data: '0x313ce567' }]);
      expect(shown.rows['To']).to.equal(TOKEN);
      expect(shown.rows['Value']).to.equal('0 ETH');
      expect(shown.rows['Recipient']).to.equal(TO);
      expect(shown.rows['Amount']).to.equal('12.5 (12500000)');
      expect(text(part(shown.el, 'section-heading'))).to.equal('transfer(address,uint256)');
      expect(shown.warnings).to.deep.equal([]);
      const data = shown.rows['Data'] as Hex;
      expect(decodeFunctionData({ abi: erc20Abi, data }).args).to.deep.equal([TO, 12_500_000n]);
      await pressButton(part(shown.el, 'approve'));
      expect(await sent).to.be.a('string');
      expect(submitted.slice(before)).to.deep.equal(['eth_send_transaction']);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('an ERC-20 transfer without decimals or rpcUrl, or with more decimals than the token has, is ERR_INPUT_INVALID before any sheet', async () => {
    const el = await sender();
    for (const request of [{ erc20: { token: TOKEN, to: TO, amount: '1' } }, { erc20: { token: TOKEN, to: TO, amount: '1.1234567', decimals: 6 } }, { to: '0x12' }]) {
      let code: string | undefined;
      await el.send(request).catch((error: { code?: string }) => (code = error.code));
      expect(code, JSON.stringify(request)).to.equal('ERR_INPUT_INVALID');
    }
    expect(document.querySelector('latch-confirm')).to.equal(null);
  });
});
