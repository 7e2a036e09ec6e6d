// session-export.ts against a stand-in Exporter: the parameters each export sends, and an export
// that a consensus policy holds (the hosted service's ERR_ACTIVITY_CONSENSUS_NEEDED answer, then
// get_activity until COMPLETED with the operation's result), which keeps the call's target key
// and decrypts once approved. The bundle is sealed to the key the export sent, with the
// emulator's bundle code; session-exports.test.ts covers the same through a SigningSession.
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { exportPrivateKey, exportWallet, exportWalletAccount, type Exporter } from '../../../src/session/session-export.ts';
import { createExportBundle, type EnvelopeSigner } from '../../../src/bundles/export-bundle.ts';
import { ActivityError } from '../../../src/clients/activity-error.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import type { Activity } from '../../../src/clients/activity-types.ts';

const ORG = 'org-7f3c';
const MNEMONIC = 'abandon ability able about above absent absorb abstract absurd abuse access accident';

async function makeEnclave(): Promise<EnvelopeSigner> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  return { privateKey: pair.privateKey, publicKeyHex: toHex(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))) };
}

const activity = (status: string, extra: Partial<Activity> = {}): Activity =>
  ({ id: 'act-1', status, fingerprint: 'fp-1', canApprove: false, canReject: false, result: {}, ...extra }) as Activity;

interface Setup {
  exporter: Exporter;
  sent: { operation: string; parameters: Record<string, unknown> }[];
  reads: unknown[];
}

/**
 * `answer` decides what a submit does with the target key it was sent: seal `plaintext` to it
 * (the default), or throw. `held` answers get_activity in turn, given the sealed bundle.
 */
async function setup(plaintext: Uint8Array, options: { hold?: (bundle: string) => { error: unknown; reads: Activity[] } } = {}): Promise<Setup> {
  const enclave = await makeEnclave();
  const sent: Setup['sent'] = [];
  const reads: unknown[] = [];
  let answers: Activity[] = [];
  const exporter: Exporter = {
    organizationId: ORG,
    enclavePublicKey: enclave.publicKeyHex,
    submit: (async (operation: string, parameters: Record<string, unknown>) => {
      sent.push({ operation, parameters });
      const exportBundle = await createExportBundle(plaintext, parameters.targetPublicKey as string, enclave, ORG);
      if (!options.hold) return { exportBundle };
      const { error, reads: script } = options.hold(exportBundle);
      answers = script;
      throw error;
    }) as Exporter['submit'],
    session: {
      query: (async (operation: string, body: unknown, queryOptions?: unknown) => {
        reads.push({ operation, body, signal: (queryOptions as { signal?: AbortSignal } | undefined)?.signal });
        return { activity: answers.length > 1 ? answers.shift() : answers[0] };
      }) as Exporter['session']['query'],
      submit: (async () => assert.fail('an export votes on nothing')) as Exporter['session']['submit'],
    },
  };
  return { exporter, sent, reads };
}

const consensusNeeded = (held: Activity) => new ActivityError('ERR_ACTIVITY_CONSENSUS_NEEDED', 'Waiting for approval.', held);

describe('exports: what each one sends', () => {
  it('a wallet (with a language only when one is given), a private key, a wallet account: each to a fresh target key', async () => {
    const t = await setup(utf8Encode(MNEMONIC));
    assert.equal(await exportWallet(t.exporter, 'wallet-1'), MNEMONIC);
    assert.equal(await exportWallet(t.exporter, 'wallet-1', 'MNEMONIC_LANGUAGE_FRENCH'), MNEMONIC);
    const key = crypto.getRandomValues(new Uint8Array(32));
    const k = await setup(key);
    assert.equal(toHex(await exportPrivateKey(k.exporter, 'pk-1')), toHex(key));
    assert.equal(toHex(await exportWalletAccount(k.exporter, '0xabc')), toHex(key));
    const targets = [...t.sent, ...k.sent].map((s) => s.parameters.targetPublicKey as string);
    for (const target of targets) assert.match(target, /^04[0-9a-f]{128}$/);
    assert.equal(new Set(targets).size, 4);
    assert.deepEqual(
      [...t.sent, ...k.sent].map((s) => ({ operation: s.operation, parameters: { ...s.parameters, targetPublicKey: 'T' } })),
      [
        { operation: 'export_wallet', parameters: { walletId: 'wallet-1', targetPublicKey: 'T' } },
        { operation: 'export_wallet', parameters: { walletId: 'wallet-1', targetPublicKey: 'T', language: 'MNEMONIC_LANGUAGE_FRENCH' } },
        { operation: 'export_private_key', parameters: { privateKeyId: 'pk-1', targetPublicKey: 'T' } },
        { operation: 'export_wallet_account', parameters: { address: '0xabc', targetPublicKey: 'T' } },
      ],
    );
  });

  it("zeroes the wallet's decrypted bytes once the phrase is read from them", async () => {
    const decoded: Uint8Array[] = [];
    const decode = TextDecoder.prototype.decode;
    TextDecoder.prototype.decode = function (this: TextDecoder, input?: AllowSharedBufferSource, options?: TextDecodeOptions) {
      if (input instanceof Uint8Array) decoded.push(input);
      return decode.call(this, input, options);
    };
    let phrase: string;
    try {
      phrase = await exportWallet((await setup(utf8Encode(MNEMONIC))).exporter, 'wallet-1');
    } finally {
      TextDecoder.prototype.decode = decode;
    }
    assert.equal(phrase, MNEMONIC);
    const plaintext = decoded.filter((bytes) => bytes.length === MNEMONIC.length);
    assert.equal(plaintext.length, 1);
    assert.ok(plaintext[0]!.every((b) => b === 0));
  });
});

describe('exports held for approval', () => {
  const realSetTimeout = globalThis.setTimeout;
  afterEach(() => {
    globalThis.setTimeout = realSetTimeout;
  });

  it('tell the page, wait with the given pause, and decrypt the approved result with the same target key', async () => {
    const delays: number[] = [];
    // Every pause is recorded and ends at once: no waiting on the wall clock.
    globalThis.setTimeout = ((callback: () => void, ms: number) => (delays.push(ms), realSetTimeout(callback, 0))) as typeof setTimeout;
    const held = activity('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const error = consensusNeeded(held);
    const t = await setup(utf8Encode(MNEMONIC), {
      hold: (bundle) => ({ error, reads: [held, activity('ACTIVITY_STATUS_COMPLETED', { result: { exportWalletResult: { walletId: 'wallet-1', exportBundle: bundle } } })] }),
    });
    const told: Activity[] = [];
    const signal = new AbortController().signal;
    const phrase = await exportWallet(t.exporter, 'wallet-1', undefined, {
      onApprovalNeeded: (a) => {
        assert.equal(t.reads.length, 0); // told before the wait begins
        told.push(a);
      },
      approvalPollMs: 7,
      signal,
    });
    assert.equal(phrase, MNEMONIC);
    assert.deepEqual(told, [held]);
    assert.equal(told[0], held);
    assert.equal(t.sent.length, 1); // asked once: the approval completes the same export
    assert.deepEqual(t.reads, [
      { operation: 'get_activity', body: { activityId: 'act-1' }, signal },
      { operation: 'get_activity', body: { activityId: 'act-1' }, signal },
    ]);
    assert.ok(delays.includes(7));
    assert.ok(!delays.includes(2000));
  });

  it('without onApprovalNeeded, reject with the held error as before, reading nothing', async () => {
    const error = consensusNeeded(activity('ACTIVITY_STATUS_CONSENSUS_NEEDED'));
    const t = await setup(utf8Encode(MNEMONIC), { hold: () => ({ error, reads: [] }) });
    await assert.rejects(exportWallet(t.exporter, 'wallet-1'), (e) => e === error);
    assert.deepEqual(t.reads, []);
  });

  it('other failures, and a consensus answer without its activity, are passed on untouched', async () => {
    const failed = new ActivityError('ERR_ACTIVITY_FAILED', 'failed', activity('ACTIVITY_STATUS_FAILED'));
    const bare = Object.assign(new Error('held'), { code: 'ERR_ACTIVITY_CONSENSUS_NEEDED' });
    for (const error of [failed, bare]) {
      const told: Activity[] = [];
      const t = await setup(utf8Encode(MNEMONIC), { hold: () => ({ error, reads: [] }) });
      await assert.rejects(exportPrivateKey(t.exporter, 'pk-1', { onApprovalNeeded: (a) => told.push(a) }), (e) => e === error);
      assert.deepEqual(told, []);
      assert.deepEqual(t.reads, []);
    }
  });

  it('a decision without an export bundle rejects with the held error; a rejection with ERR_ACTIVITY_REJECTED', async () => {
    for (const result of [{}, { exportPrivateKeyResult: { privateKeyId: 'pk-1' } }, { exportPrivateKeyResult: { exportBundle: 42 } }]) {
      const error = consensusNeeded(activity('ACTIVITY_STATUS_CONSENSUS_NEEDED'));
      const t = await setup(new Uint8Array(32).fill(1), { hold: () => ({ error, reads: [activity('ACTIVITY_STATUS_COMPLETED', { result })] }) });
      await assert.rejects(exportPrivateKey(t.exporter, 'pk-1', { onApprovalNeeded: () => undefined }), (e) => e === error);
    }
    const error = consensusNeeded(activity('ACTIVITY_STATUS_CONSENSUS_NEEDED'));
    const t = await setup(new Uint8Array(32).fill(1), { hold: () => ({ error, reads: [activity('ACTIVITY_STATUS_REJECTED')] }) });
    await assert.rejects(exportWalletAccount(t.exporter, '0xabc', { onApprovalNeeded: () => undefined }), (e) => isLatchError(e) && e.code === 'ERR_ACTIVITY_REJECTED');
  });

  it('an abort ends the wait with ERR_NETWORK_ABORTED', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = consensusNeeded(activity('ACTIVITY_STATUS_CONSENSUS_NEEDED'));
    const t = await setup(utf8Encode(MNEMONIC), { hold: () => ({ error, reads: [activity('ACTIVITY_STATUS_CONSENSUS_NEEDED')] }) });
    await assert.rejects(exportWallet(t.exporter, 'wallet-1', undefined, { onApprovalNeeded: () => undefined, signal: controller.signal }), (e) => isLatchError(e) && e.code === 'ERR_NETWORK_ABORTED');
  });
});
