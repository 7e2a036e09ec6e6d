// <latch-wallet-send>.send({ solana }) against the emulator (issue 23, item 4: a Solana send with
// the kit's own screens): the confirmation sheet shows the System transfer read back from the
// transaction built (amount in SOL and lamports, from, to, the blockhash, the network); Reject
// resolves null and the emulator's activity list is unchanged; Approve submits one
// sol_send_transaction of exactly the transaction reviewed, and <latch-tx-status> follows it to
// INCLUDED with the emulator's signature. A blockhash read through a stand-in rpcUrl (a fetch
// answering getLatestBlockhash). A send the chain refuses is followed to FAILED. Bad requests: ERR_INPUT_INVALID before any sheet or RPC call.
// (The transaction's bytes are checked against @solana/web3.js in
// test/src/review/solana-transfer.node.test.ts: its browser build is CommonJS.)
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { decompileTransactionMessage, getCompiledTransactionMessageDecoder, getStructDecoder, getTransactionDecoder, getU32Decoder, getU64Decoder } from '@solana/kit';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletSend, type SendRequest } from '../../../components/latch-wallet-send/latch-wallet-send.ts';
import type { LatchSendEvent } from '../../../components/latch-wallet/wallet-events.ts';
import { SANDBOX_BAD_BLOCKHASH } from '../../../demo/emulator/onramp/send-sandbox.ts';
import { SOL_ACCOUNT } from '../support/emulator-kit.ts';
import { pinBrowserLanguages, pressButton } from '../support/helpers.ts';
import { hexBytes, logIn, part, parts, text, type LoggedIn } from '../support/kit-login.ts';

LatchWalletSend.define();
pinBrowserLanguages(['en-US']);

const TO = 'GfNZAyeRhoNzRknt8JHdw7b1YXTuLDdRV7yiLPtbDcy1';
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';
const RPC = 'https://solana-rpc.test.invalid/';

afterEach(() => {
  for (const el of document.querySelectorAll('latch-confirm')) el.remove();
});

/** The confirmation sheet once it asks: its rows by label key (the first of each), and its parts' words. */
async function sheet(): Promise<{ el: HTMLElement; title: string; account: string; chain: string; rows: Record<string, string> }> {
  await waitUntil(() => document.querySelector('latch-confirm')?.hasAttribute('open'), 'no confirmation sheet', { timeout: 10_000 });
  const el = document.querySelector('latch-confirm')!;
  await el.updateComplete;
  const rows: Record<string, string> = {};
  for (const row of parts(el, 'row')) rows[row.dataset.label!] ??= text(row.querySelector('dd'));
  return { el, title: text(part(el, 'title')), account: text(part(el, 'account')), chain: text(part(el, 'chain')), rows };
}

describe('<latch-wallet-send>.send({ solana }): a SOL transfer on the confirmation sheet', () => {
  let user: LoggedIn;
  let from: string;
  const activities = async () => (await user.session.query('list_activities', {})).activities;

  before(async () => {
    user = await logIn();
    const added = await user.session.submit('create_wallet_accounts', { walletId: user.walletId, accounts: [SOL_ACCOUNT] });
    from = added.result.createWalletAccountsResult!.addresses[0]!;
  });

  async function sender(): Promise<LatchWalletSend> {
    const el = await fixture<LatchWalletSend>(html`<latch-wallet-send .kit=${user.kit}></latch-wallet-send>`);
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="send-from"]'), 'the accounts load', { timeout: 10_000 });
    return el;
  }

  it('shows the amount in SOL and lamports, from, to, the blockhash and the network; Reject resolves null and the emulator records nothing', async () => {
    const el = await sender();
    const before = (await activities()).map((a) => a.id);
    const asked = el.send({ solana: { to: TO, sol: '0.5' }, chain: 'solana:devnet', recentBlockhash: BLOCKHASH });
    const shown = await sheet();
    expect(shown.title).to.equal('Send this transaction?');
    expect(shown.account).to.equal(from);
    expect(shown.chain).to.equal('Solana Devnet (solana:devnet)');
    expect(text(part(shown.el, 'origin'))).to.equal(location.origin);
    expect(text(part(shown.el, 'section-heading'))).to.equal('System Program: transfer');
    expect(shown.rows['fee-payer']).to.equal(from);
    expect(shown.rows['recent-blockhash']).to.equal(BLOCKHASH);
    expect(shown.rows['from']).to.equal(from);
    expect(shown.rows['to']).to.equal(TO);
    expect(shown.rows['sol']).to.equal('0.5');
    expect(shown.rows['lamports']).to.equal('500000000');
    expect(parts(shown.el, 'warning')).to.deep.equal([]);
    part(shown.el, 'reject').click();
    expect(await asked).to.equal(null);
    expect((await activities()).map((a) => a.id)).to.deep.equal(before);
    expect(el.shadowRoot!.querySelector('latch-tx-status')).to.equal(null);
  });

  it('Approve sends exactly the transaction reviewed (blockhash read through rpcUrl) and <latch-tx-status> follows it to INCLUDED', async () => {
    const el = await sender();
    const before = (await activities()).map((a) => a.id);
    const asked: unknown[] = [];
    const realFetch = window.fetch;
    window.fetch = async (input, init) => {
      if (String(input) !== RPC) return realFetch(input, init);
      const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] };
      asked.push([body.method, body.params]);
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { context: { slot: 1 }, value: { blockhash: BLOCKHASH, lastValidBlockHeight: 100 } } }));
    };
    try {
      const event = oneEvent(el, 'latch-send') as Promise<LatchSendEvent>;
      const sent = el.send({ solana: { to: TO, lamports: 1_234_567n }, rpcUrl: RPC });
      const shown = await sheet();
      expect(asked).to.deep.equal([['getLatestBlockhash', [{ commitment: 'confirmed' }]]]);
      expect(shown.chain).to.equal('Solana (solana:mainnet)');
      expect(shown.rows['recent-blockhash']).to.equal(BLOCKHASH);
      expect(shown.rows['sol']).to.equal('0.001234567');
      expect(shown.rows['lamports']).to.equal('1234567');
      await pressButton(part(shown.el, 'approve'));
      const id = (await sent)!;
      const { detail } = await event;
      expect(detail.sendTransactionStatusId).to.equal(id);
      expect(detail.parameters).to.include({ signWith: from, caip2: 'solana:mainnet', recentBlockhash: BLOCKHASH });

      const added = (await activities()).filter((a) => !before.includes(a.id));
      expect(added.map((a) => [a.type, a.status])).to.deep.equal([['ACTIVITY_TYPE_SOL_SEND_TRANSACTION', 'ACTIVITY_STATUS_COMPLETED']]);
      const intent = Object.values(added[0]!.intent as Record<string, Record<string, unknown>>)[0]!;
      expect(intent).to.deep.equal(detail.parameters);
      // What reached the service, read by @solana/kit: a transfer of 1 234 567 lamports from the account to TO.
      const wire = getTransactionDecoder().decode(hexBytes(intent.unsignedTransaction as string));
      const message = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(wire.messageBytes));
      expect(Object.values(wire.signatures)).to.deep.equal([null]);
      expect(message.feePayer.address).to.equal(from);
      expect((message.lifetimeConstraint as { blockhash: string }).blockhash).to.equal(BLOCKHASH);
      expect(message.instructions.length).to.equal(1);
      const [ix] = message.instructions;
      expect(ix!.programAddress).to.equal('11111111111111111111111111111111');
      expect(ix!.accounts!.map((a) => [a.address, a.role])).to.deep.equal([[from, 3], [TO, 1]]); // 3 writable signer, 1 writable
      const data = getStructDecoder([['variant', getU32Decoder()], ['lamports', getU64Decoder()]]).decode(ix!.data!);
      expect(data).to.deep.equal({ variant: 2, lamports: 1_234_567n });

      const status = el.shadowRoot!.querySelector('latch-tx-status')!;
      expect(status.getAttribute('status-id')).to.equal(id);
      await waitUntil(() => status.shadowRoot?.querySelector('[part~="signature"]'), 'the status is followed', { timeout: 10_000 });
      const final = await user.session.query('get_send_transaction_status', { sendTransactionStatusId: id });
      expect(final.txStatus).to.equal('INCLUDED');
      expect(part(status, 'status').dataset.status).to.equal('INCLUDED');
      expect(text(part(status, 'signature'))).to.equal(final.solana!.signature);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('a send the chain refuses (the sandbox\'s unknown blockhash) is followed to FAILED, with the service\'s reason', async () => {
    const el = await sender();
    const sent = el.send({ solana: { to: TO, sol: '0.1' }, recentBlockhash: SANDBOX_BAD_BLOCKHASH });
    await pressButton(part((await sheet()).el, 'approve'));
    const id = (await sent)!;
    const status = el.shadowRoot!.querySelector('latch-tx-status')!;
    await waitUntil(() => status.shadowRoot?.querySelector('[part~="status"][data-status="FAILED"]'), 'the failure is shown', { timeout: 10_000 });
    const final = await user.session.query('get_send_transaction_status', { sendTransactionStatusId: id });
    expect(final.txStatus).to.equal('FAILED');
    expect(text(part(status, 'tx-error'))).to.equal(final.txError);
  });

  it('a bad request is ERR_INPUT_INVALID before any sheet or RPC call; without a Solana account, ERR_SESSION_MISSING', async () => {
    const el = await sender();
    const before = (await activities()).map((a) => a.id);
    let rpcCalls = 0;
    const realFetch = window.fetch;
    window.fetch = async (input, init) => (String(input) === RPC ? (rpcCalls++, new Response('{}')) : realFetch(input, init));
    try {
      const bad: unknown[] = [
        { solana: { to: TO, sol: '0.5' } },
        { solana: { to: '0x3333333333333333333333333333333333333333', sol: '0.5' }, rpcUrl: RPC },
        { solana: { to: TO, sol: '0.0000000001' }, rpcUrl: RPC },
        { solana: { to: TO, sol: '1', lamports: '1' }, rpcUrl: RPC },
        { solana: { to: TO, lamports: 1.5 }, rpcUrl: RPC },
        { solana: { to: TO, sol: '1', from: BLOCKHASH }, recentBlockhash: BLOCKHASH },
        { solana: { to: TO, sol: '1' }, chain: 'solana:testnet', rpcUrl: RPC },
        { solana: { to: TO, sol: '1' }, recentBlockhash: 'nope' },
        { solana: { to: TO, lamports: 0n }, rpcUrl: RPC },
        { solana: { to: TO, lamports: '18446744073709551616' }, rpcUrl: RPC },
        { solana: { to: from, sol: '1' }, rpcUrl: RPC },
      ];
      for (const request of bad) {
        // A sheet that opens is an answer too (the send would wait for the person): the first of the two.
        let observer: MutationObserver | undefined;
        const opened = new Promise<string>((resolve) => {
          observer = new MutationObserver(() => document.querySelector('latch-confirm') && resolve('a sheet opened'));
          observer.observe(document.body, { childList: true });
        });
        const outcome = await Promise.race([el.send(request as SendRequest).then(() => 'resolved', (error: { code?: string }) => error.code), opened]);
        observer!.disconnect();
        expect(outcome, JSON.stringify(request, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).to.equal('ERR_INPUT_INVALID');
      }
      expect(rpcCalls).to.equal(0);
      expect(document.querySelector('latch-confirm')).to.equal(null);
      el.accounts = (await user.session.listWalletAccounts({ limit: 100 })).filter((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM');
      await el.updateComplete;
      let code: string | undefined;
      await el.send({ solana: { to: TO, sol: '1' }, recentBlockhash: BLOCKHASH }).catch((error: { code?: string }) => (code = error.code));
      expect(code).to.equal('ERR_SESSION_MISSING');
      expect((await activities()).map((a) => a.id)).to.deep.equal(before);
    } finally {
      window.fetch = realFetch;
    }
  });
});
