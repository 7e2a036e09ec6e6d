// <latch-tx-status> in Chromium: sends made through the session against the emulator's sandbox
// chain (a success, and the documented revert addresses: custom error, Error(string), Panic,
// unknown selector bubbling through two frames), each shown readably; the Solana error shape
// (the emulator's own, through a stand-in session: the kit has no Solana send); bounded polling,
// "Check now", errors, status-id changes, disconnect, locales.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { before, describe, it } from '../../support/harness.ts';
import { LatchTxStatus } from '../../../components/latch-tx-status/latch-tx-status.ts';
import type { LatchTxStatusEvent } from '../../../components/latch-tx-status/tx-status-events.ts';
import type { LatchErrorEvent } from '../../../components/internal/events.ts';
import { activityResult } from '../../../src/clients/activity-client.ts';
import type { SendTransactionStatus } from '../../../src/clients/activity-types.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { settleSolSend, SANDBOX_BAD_BLOCKHASH } from '../../../demo/emulator/onramp/send-sandbox.ts';
import { announced, logIn, part, parts, text, type LoggedIn } from '../support/kit-login.ts';
import { has } from '../support/shadow.ts';

LatchTxStatus.define();

const REVERT_CUSTOM = '0x000000000000000000000000000000000000dEaD';
const REVERT_ERROR = '0x0000000000000000000000000000000000000bad';
const REVERT_PANIC = '0x0000000000000000000000000000000000000011';
const PLAIN = '0x00000000000000000000000000000000000a11ce';

/** A stand-in kit whose session answers get_send_transaction_status from `answer`. */
function fakeKit(answer: (statusId: string, read: number) => SendTransactionStatus | Promise<SendTransactionStatus>) {
  let reads = 0;
  const session = {
    active: true,
    query: async (operation: string, body: { sendTransactionStatusId: string }) => {
      if (operation !== 'get_send_transaction_status') throw new Error(`unexpected ${operation}`);
      reads += 1;
      return answer(body.sendTransactionStatusId, reads);
    },
  };
  const kit = { session, restoreSession: async () => session, options: {} } as unknown as LatchKit;
  return { kit, reads: () => reads };
}

const entries = (el: LatchTxStatus) => parts(el, 'revert-entry');

/** Each revert entry as a map of its visible term → description. */
function entryFields(entry: HTMLElement): Record<string, string> {
  const fields: Record<string, string> = {};
  const terms = entry.querySelectorAll('dt');
  for (const dt of terms) fields[text(dt)] = text(dt.nextElementSibling);
  return fields;
}

async function final(el: LatchTxStatus): Promise<void> {
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="status"]')?.getAttribute('data-status') && el.status !== null, 'a status shows', { timeout: 10_000 });
}

describe('<latch-tx-status>', () => {
  let user: LoggedIn;
  let from: string;
  const ids: Record<string, string> = {};

  async function send(to: string, extra: { value?: string; data?: string } = {}): Promise<string> {
    const activity = await user.session.submit('eth_send_transaction', { from, to, caip2: 'eip155:8453', value: extra.value ?? '1000', ...(extra.data ? { data: extra.data } : {}) });
    return activityResult(activity).sendTransactionStatusId;
  }

  before(async () => {
    user = await logIn();
    from = (await user.session.listWalletAccounts())[0]!.address;
    ids['ok'] = await send(PLAIN);
    ids['custom'] = await send(REVERT_CUSTOM, { value: '1000' });
    ids['error'] = await send(REVERT_ERROR);
    ids['panic'] = await send(REVERT_PANIC);
    ids['unknown'] = await send(PLAIN, { data: '0xdeadbeef0102' });
  });


  const status = (id: string, attrs = html``) => fixture<LatchTxStatus>(html`<latch-tx-status status-id=${id} poll-interval="50" .kit=${user.kit}>${attrs}</latch-tx-status>`);

  describe('accessibility', () => {
    it('passes axe signed out and without an id', async () => {
      const el = await fixture<LatchTxStatus>(html`<latch-tx-status status-id="x"></latch-tx-status>`);
      await expect(el).to.be.accessible();
      const empty = await fixture<LatchTxStatus>(html`<latch-tx-status .kit=${user.kit}></latch-tx-status>`);
      await expect(empty).to.be.accessible();
    });

    it('passes axe with a revert chain, in Arabic', async () => {
      const el = await fixture<LatchTxStatus>(html`<latch-tx-status locale="ar" status-id=${ids['unknown']!} .kit=${user.kit}></latch-tx-status>`);
      await final(el);
      await expect(el).to.be.accessible();
    });

    it('passes axe with a Solana error', async () => {
      const settled = settleSolSend('sol-1', { signWith: 'x', unsignedTransaction: '00deadbeef00', caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' });
      const { kit } = fakeKit(() => ({ txStatus: settled.txStatus, solana: { signature: settled.signature! }, txError: settled.txError!, error: settled.error as SendTransactionStatus['error'] }));
      const el = await fixture<LatchTxStatus>(html`<latch-tx-status status-id="sol-1" .kit=${kit}></latch-tx-status>`);
      await final(el);
      await expect(el).to.be.accessible();
    });
  });

  describe('defaults', () => {
    it('asks to log in without a session, and says when there is no id', async () => {
      const el = await fixture<LatchTxStatus>(html`<latch-tx-status status-id="x"></latch-tx-status>`);
      await waitUntil(() => text(part(el, 'message')) === 'Log in to see this transaction.', 'the prompt shows');
      expect(text(part(el, 'title'))).to.equal('Transaction');
      expect(part(el, 'error').getAttribute('aria-live')).to.equal('assertive');
      const empty = await fixture<LatchTxStatus>(html`<latch-tx-status .kit=${user.kit}></latch-tx-status>`);
      expect(text(part(empty, 'message'))).to.equal('No transaction to show.');
      expect(empty.status).to.equal(null);
    });
  });

  describe('sends on the sandbox chain', () => {
    it('a success: INCLUDED with its hash, announced, reported once as final; polling stops', async () => {
      const el = document.createElement('latch-tx-status');
      el.kit = user.kit;
      el.pollInterval = 50;
      el.setAttribute('status-id', ids['ok']!);
      const reported = oneEvent(el, 'latch-tx-status') as Promise<LatchTxStatusEvent>;
      const events: LatchTxStatusEvent[] = [];
      el.addEventListener('latch-tx-status', (e) => events.push(e));
      document.body.append(el);
      try {
        const { detail } = await reported;
        expect(detail.statusId).to.equal(ids['ok']);
        expect(detail.final).to.equal(true);
        expect(detail.status.txStatus).to.equal('INCLUDED');
        await el.updateComplete;
        expect(part(el, 'status').dataset['status']).to.equal('INCLUDED');
        expect(text(part(el, 'status'))).to.equal('Included in a block');
        expect(text(part(el, 'tx-hash'))).to.match(/^0x[0-9a-f]{64}$/);
        expect(text(part(el, 'tx-hash'))).to.equal(detail.status.eth?.txHash);
        expect(el.shadowRoot?.querySelector('[part~="revert-chain"]')).to.equal(null);
        expect(announced(el)).to.equal('Transaction status: Included in a block');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(events).to.have.length(1);
      } finally {
        el.remove();
      }
    });

    it('a custom error: the contract, the kind, the message, the error name and its parameters', async () => {
      const el = await status(ids['custom']!);
      await final(el);
      expect(part(el, 'status').dataset['status']).to.equal('FAILED');
      expect(text(part(el, 'status'))).to.equal('Failed');
      expect(text(part(el, 'tx-error'))).to.equal('execution reverted');
      expect(text(part(el, 'tx-hash'))).to.match(/^0x[0-9a-f]{64}$/);
      const [entry] = entries(el);
      expect(entries(el)).to.have.length(1);
      expect(entry!.dataset['kind']).to.equal('custom');
      expect(entry!.getAttribute('aria-label')).to.equal('Step 1 of 1');
      expect(entryFields(entry!)).to.deep.equal({
        Contract: REVERT_CUSTOM,
        Kind: 'Custom error',
        Message: 'InsufficientBalance(available: 0, required: 1000)',
        'Error name': 'InsufficientBalance',
        Parameters: text(entry!.querySelector('[data-value="params"]')),
      });
      expect(entry!.querySelector('[data-value="params"]')!.textContent).to.equal(JSON.stringify({ available: '0', required: '1000' }, null, 2));
    });

    it('built-in errors: Error(string) with its reason, Panic with its code', async () => {
      const error = await status(ids['error']!);
      await final(error);
      expect(entryFields(entries(error)[0]!)).to.deep.equal({
        Contract: REVERT_ERROR,
        Kind: 'Built-in error',
        Message: 'Error(sandbox: transfer refused)',
        Type: 'Error',
        Reason: 'sandbox: transfer refused',
      });
      const panic = await status(ids['panic']!);
      await final(panic);
      expect(entryFields(entries(panic)[0]!)).to.deep.equal({
        Contract: REVERT_PANIC,
        Kind: 'Built-in error',
        Message: 'Panic(0x11): arithmetic underflow or overflow',
        Type: 'Panic',
        Reason: 'arithmetic underflow or overflow',
        'Panic code': '0x11',
      });
    });

    it('an unknown error bubbling through two frames: each step in order, with selector and data', async () => {
      const el = await status(ids['unknown']!);
      await final(el);
      const steps = entries(el);
      expect(steps.map((s) => s.getAttribute('aria-label'))).to.deep.equal(['Step 1 of 2', 'Step 2 of 2']);
      expect(steps.map((s) => entryFields(s)['Contract']?.toLowerCase())).to.deep.equal([from.toLowerCase(), PLAIN]);
      for (const step of steps) {
        expect(step.dataset['kind']).to.equal('unknown');
        expect(entryFields(step)).to.include({ Kind: 'Unrecognized error', Selector: '0xdeadbeef', Data: '0x0102' });
      }
    });

    it('a new status-id starts over', async () => {
      const el = await status(ids['custom']!);
      await final(el);
      el.setAttribute('status-id', ids['ok']!);
      // The status part is gone while the new id loads: missing means not yet, not a failure.
      await waitUntil(() => has(el, 'status') && part(el, 'status').dataset['status'] === 'INCLUDED', 'the new status shows');
      expect(entries(el)).to.deep.equal([]);
      expect(el.status?.txStatus).to.equal('INCLUDED');
    });
  });

  describe('Solana errors (the emulator\'s shapes)', () => {
    it('shows source, RPC code and message, the transaction error, units and the program logs', async () => {
      const settled = settleSolSend('sol-2', { signWith: 'x', unsignedTransaction: '00deadbeef00', caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' });
      const { kit } = fakeKit(() => ({ txStatus: settled.txStatus, solana: { signature: settled.signature! }, txError: settled.txError!, error: settled.error as SendTransactionStatus['error'] }));
      const el = await fixture<LatchTxStatus>(html`<latch-tx-status status-id="sol-2" .kit=${kit}></latch-tx-status>`);
      await final(el);
      expect(text(part(el, 'signature'))).to.equal(settled.signature);
      const solana = (settled.error as SendTransactionStatus['error'])!.solana!;
      const fields = entryFields(part(el, 'solana-error'));
      expect(fields).to.include({ Source: 'simulation', 'RPC code': '-32002', 'RPC message': solana.rpcMessage, 'Compute units used': '150' });
      expect(el.shadowRoot!.querySelector('[data-value="transaction-error"]')!.textContent).to.equal(JSON.stringify({ InstructionError: [0, { Custom: 1 }] }, null, 2));
      expect(Array.from(part(el, 'logs').querySelectorAll('li'), (li) => text(li))).to.deep.equal(solana.logs);
      expect(el.shadowRoot?.querySelector('[part~="revert-chain"]')).to.equal(null);
    });

    it('an RPC refusal without a signature', async () => {
      const settled = settleSolSend('sol-3', { signWith: 'x', unsignedTransaction: '00', caip2: 'solana:x', recentBlockhash: SANDBOX_BAD_BLOCKHASH });
      const { kit } = fakeKit(() => ({ txStatus: settled.txStatus, txError: settled.txError!, error: settled.error as SendTransactionStatus['error'] }));
      const el = await fixture<LatchTxStatus>(html`<latch-tx-status locale="es" status-id="sol-3" .kit=${kit}></latch-tx-status>`);
      await final(el);
      expect(el.shadowRoot?.querySelector('[part~="signature"]')).to.equal(null);
      expect(text(part(el, 'status'))).to.equal('Fallida');
      expect(entryFields(part(el, 'solana-error'))).to.include({ Origen: 'rpc', 'Código RPC': '-32002' });
      expect(el.shadowRoot?.querySelector('[part~="logs"]')).to.equal(null);
    });
  });

  describe('polling', () => {
    it('is bounded: after max-polls reads of a pending status it stops and offers "Check now", which reads again', async () => {
      const fake = fakeKit(() => ({ txStatus: 'BROADCASTING' }));
      const el = await fixture<LatchTxStatus>(html`<latch-tx-status status-id="p-1" poll-interval="10" max-polls="3" .kit=${fake.kit}></latch-tx-status>`);
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="check"]'), 'the polls run out');
      expect(fake.reads()).to.equal(3);
      expect(text(part(el, 'status'))).to.equal('In progress (BROADCASTING)');
      part(el, 'check').click();
      await el.updateComplete;
      expect(text(part(el, 'announcer'))).to.equal('Checking the transaction…');
      await waitUntil(() => fake.reads() === 6 && el.shadowRoot?.querySelector('[part~="check"]'), 'three more reads');
    });

    it('stops when the element leaves the page and resumes when it comes back, until final', async () => {
      let settledAfter = Infinity;
      const fake = fakeKit((_id, read) => (read >= settledAfter ? { txStatus: 'INCLUDED', eth: { txHash: '0x01' } } : { txStatus: 'BROADCASTING' }));
      const el = await fixture<LatchTxStatus>(html`<latch-tx-status status-id="p-2" poll-interval="20" .kit=${fake.kit}></latch-tx-status>`);
      await waitUntil(() => fake.reads() >= 2, 'reads happen');
      const parent = el.parentElement!;
      el.remove();
      const reads = fake.reads();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(fake.reads()).to.be.at.most(reads + 1);
      settledAfter = fake.reads() + 1;
      parent.append(el);
      // The status part is gone while the new id loads: missing means not yet, not a failure.
      await waitUntil(() => has(el, 'status') && part(el, 'status').dataset['status'] === 'INCLUDED', 'final after coming back');
    });
  });

  describe('errors', () => {
    it('an unknown id: a translated message in the assertive region; a failed "Check now" fires latch-error', async () => {
      const el = await status('no-such-status');
      await waitUntil(() => text(part(el, 'error')) !== '', 'the error shows', { timeout: 10_000 });
      expect(text(part(el, 'error'))).to.not.include('no-such-status');
      const failed = oneEvent(el, 'latch-error') as Promise<LatchErrorEvent>;
      part(el, 'check').click();
      expect((await failed).detail.error.code).to.equal('ERR_SERVICE_NOT_FOUND');
    });

    it('network failures are retried within the bound', async () => {
      const fake = fakeKit((_id, read) => {
        if (read < 3) throw new LatchError('ERR_NETWORK_FAILED', 'offline');
        return { txStatus: 'INCLUDED', eth: { txHash: '0x02' } };
      });
      const el = await fixture<LatchTxStatus>(html`<latch-tx-status status-id="n-1" poll-interval="10" .kit=${fake.kit}></latch-tx-status>`);
      await waitUntil(() => el.status?.txStatus === 'INCLUDED', 'the status arrives after the failures');
      expect(text(part(el, 'error'))).to.equal('');
      expect(fake.reads()).to.equal(3);
    });
  });

  describe('locales', () => {
    it('Arabic lays out right to left', async () => {
      const el = await fixture<LatchTxStatus>(html`<latch-tx-status locale="ar" status-id=${ids['error']!} .kit=${user.kit}></latch-tx-status>`);
      await final(el);
      expect(el.getAttribute('dir')).to.equal('rtl');
      expect(text(part(el, 'status'))).to.equal('فاشلة');
      expect(entryFields(entries(el)[0]!)).to.include({ السبب: 'sandbox: transfer refused' });
    });
  });
});
