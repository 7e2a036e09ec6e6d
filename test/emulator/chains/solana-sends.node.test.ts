/**
 * sol_send_transaction lands on the local Solana cluster (issue 35) when the emulator runs it
 * (`chains: 'solana'`): the account's key signs, the cluster's preflight decides, and the
 * status is the chain's (INCLUDED with the real signature and slot, FAILED with the chain's
 * reason and nothing charged). @solana/web3.js v1 and @solana/spl-token (libraries this
 * project did not write) build the transactions and read the balances on both sides. One
 * cluster per file, each test isolated by the ledger's snapshot.
 */
import { describe, it, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { TurnkeyClient } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { p256 } from '@noble/curves/nist.js';
import { startFixture, getJson, plainPost, stampedPost } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { clientFor } from '../policy/org-users.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { SOL_SEND_V2, solSendV2Body } from '../onramp/send-v2-bodies.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import type { ActivityClient } from '../../../src/clients/activity-client.ts';
import type { SendTransactionStatus } from '../../../src/clients/activity-types.ts';
import type { ChainsDocument, SolanaChainInfo } from '../../../demo/emulator/chains/chain-types.ts';
import type { SolanaChain, SolanaSnapshot } from '../../../demo/emulator/chains/solana/start-solana-chain.ts';

const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';

type Status = SendTransactionStatus & { solana?: { signature: string; slot?: string }; error?: { message: string; solana?: Record<string, unknown> } };

describe('sends on the local Solana cluster', () => {
  let f: Fixture;
  let root: ActivityClient;
  let hosted: TurnkeyClient;
  let from: PublicKey;
  let info: SolanaChainInfo;
  let cluster: SolanaChain;
  let connection: Connection;
  let snapshot: SolanaSnapshot;

  const faucet = (body: Record<string, unknown>, headers: Record<string, string> = {}) => plainPost(`${f.urls.apiUrl}/__faucet`, body, headers);
  const submit = async (parameters: Record<string, unknown>) => {
    const activity = await root.submit('sol_send_transaction', { organizationId: f.demoOrgId, parameters: { signWith: from.toBase58(), caip2: DEVNET, ...parameters } as never });
    return root.result(activity).sendTransactionStatusId;
  };
  const status = async (sendTransactionStatusId: string): Promise<Status> => (await root.query('get_send_transaction_status', { organizationId: f.demoOrgId, sendTransactionStatusId })) as Status;
  /** The transaction unsigned, in hex, as an app hands it to the service. */
  const unsigned = async (...instructions: Parameters<Transaction['add']>): Promise<string> => {
    const tx = new Transaction({ feePayer: from, ...(await connection.getLatestBlockhash()) }).add(...instructions);
    return toHex(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
  };
  const transfer = (lamports: number, to = Keypair.generate().publicKey) => unsigned(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports }));

  before(async () => {
    const secret = p256.utils.randomSecretKey();
    const apiPublicKey = toHex(p256.getPublicKey(secret, true));
    f = await startFixture({ chains: 'solana', rootApiKeys: [apiPublicKey] });
    hosted = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey, apiPrivateKey: toHex(secret) }));
    root = clientFor(f, f.root);
    const wallet = root.result(
      await root.submit('create_wallet', {
        organizationId: f.demoOrgId,
        parameters: { walletName: 'solana sender', accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' }] } as never,
      }),
    ) as unknown as { addresses: string[] };
    from = new PublicKey(wallet.addresses[0]!);
    info = ((await getJson(`${f.urls.apiUrl}/__chains`)).json as unknown as ChainsDocument).solana!;
    cluster = f.emulator.context.chains!.solana!;
    connection = new Connection(info.rpcUrl, 'confirmed');
  });
  after(() => f.stop());
  beforeEach(() => {
    snapshot = cluster.snapshot();
  });
  afterEach(() => cluster.restore(snapshot));

  it('/__chains lists the cluster: devnet\u2019s caip2, loopback RPC and WebSocket, the USDC mint', async () => {
    const answer = await getJson(`${f.urls.apiUrl}/__chains`, { origin: 'https://elsewhere.example' });
    assert.equal(answer.status, 200);
    const doc = answer.json as unknown as ChainsDocument;
    assert.deepEqual(doc.evm, []);
    assert.equal(doc.solana!.caip2, DEVNET);
    assert.match(doc.solana!.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(doc.solana!.wsUrl, doc.solana!.rpcUrl.replace(/^http:(.*):(\d+)$/, (_m, h: string, p: string) => `ws:${h}:${Number(p) + 1}`));
    assert.deepEqual(doc.solana!.tokens.map((t) => [t.symbol, t.decimals]), [['USDC', 6]]);
  });

  it('a user funded by the faucet sends SOL: INCLUDED with the real signature and slot; web3.js reads both sides', async () => {
    assert.equal((await faucet({ address: from.toBase58(), chain: DEVNET, amount: '2' })).status, 200);
    assert.equal(await connection.getBalance(from), 2 * LAMPORTS_PER_SOL);
    const to = Keypair.generate().publicKey;
    const st = await status(await submit({ unsignedTransaction: await transfer(LAMPORTS_PER_SOL / 4, to) }));
    assert.equal(st.txStatus, 'INCLUDED', JSON.stringify(st));
    const landed = await connection.getTransaction(st.solana!.signature, { maxSupportedTransactionVersion: 0 });
    assert.equal(landed?.meta?.err, null);
    assert.equal(String(landed?.slot), st.solana!.slot);
    assert.equal(landed?.transaction.message.staticAccountKeys[0]!.toBase58(), from.toBase58());
    assert.equal(await connection.getBalance(to), LAMPORTS_PER_SOL / 4);
    assert.equal(await connection.getBalance(from), 2 * LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 4 - 5000);
  });

  it('sends SPL USDC (V2, signWiths): the recipient\u2019s associated account is created and both token balances move', async () => {
    await faucet({ address: from.toBase58(), chain: 'solana', amount: '1' });
    assert.equal((await faucet({ address: from.toBase58(), chain: DEVNET, asset: 'USDC', amount: '100' })).status, 200);
    const mint = new PublicKey(info.tokens[0]!.mint);
    const to = Keypair.generate().publicKey;
    const source = getAssociatedTokenAddressSync(mint, from);
    const destination = getAssociatedTokenAddressSync(mint, to);
    const unsignedTransaction = await unsigned(
      createAssociatedTokenAccountIdempotentInstruction(from, destination, to, mint),
      createTransferCheckedInstruction(source, mint, destination, from, 25_500_000n, 6),
    );
    const answer = await stampedPost(`${f.urls.apiUrl}/public/v1/submit/sol_send_transaction`, solSendV2Body(f.demoOrgId, f.now(), { unsignedTransaction, signWiths: [from.toBase58()], caip2: 'solana:devnet' }), f.root);
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const activity = answer.json.activity as { type: string; result: { solSendTransactionResultV2: { sendTransactionStatusId: string } } };
    assert.equal(activity.type, SOL_SEND_V2);
    const st = await status(activity.result.solSendTransactionResultV2.sendTransactionStatusId);
    assert.equal(st.txStatus, 'INCLUDED', JSON.stringify(st));
    assert.equal((await getAccount(connection, source)).amount, 74_500_000n);
    assert.equal((await getAccount(connection, destination)).amount, 25_500_000n);
  });

  for (const [name, lamports, reason, logLine] of [
    ['insufficient lamports', 5 * LAMPORTS_PER_SOL, /custom program error: 0x1/, /insufficient lamports/],
    ['a new account below rent exemption', 1000, /insufficient funds for rent/, undefined],
  ] as const) {
    it(`${name}: FAILED with the chain\u2019s reason, no signature, nothing charged`, async () => {
      await faucet({ address: from.toBase58(), chain: DEVNET, amount: '1' });
      const st = await status(await submit({ unsignedTransaction: await transfer(lamports) }));
      assert.equal(st.txStatus, 'FAILED');
      assert.equal(st.solana, undefined, 'refused by the preflight: nothing was sent');
      assert.match(st.txError!, reason);
      const detail = st.error!.solana!;
      assert.equal(detail.source, 'simulation');
      assert.equal(detail.rpcCode, -32002);
      if (logLine) assert.ok((detail.logs as string[]).some((line) => logLine.test(line)), JSON.stringify(detail.logs));
      assert.equal(await connection.getBalance(from), LAMPORTS_PER_SOL, 'no fee charged');
    });
  }

  it('an expired or unknown blockhash: FAILED "Blockhash not found"; sponsor without one takes a fresh blockhash', async () => {
    await faucet({ address: from.toBase58(), chain: DEVNET, amount: '1' });
    const stale = await status(await submit({ unsignedTransaction: await transfer(LAMPORTS_PER_SOL / 2), recentBlockhash: '11111111111111111111111111111111' }));
    assert.equal(stale.txStatus, 'FAILED');
    assert.match(stale.txError!, /Blockhash not found/);
    assert.equal(stale.error!.solana!.transactionErrorJson, '"BlockhashNotFound"');
    assert.equal(stale.error!.solana!.source, 'rpc');
    const message = new Transaction({ feePayer: from, blockhash: '11111111111111111111111111111111', lastValidBlockHeight: 0 }).add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL / 2 }),
    );
    const unsignedTransaction = toHex(message.serialize({ requireAllSignatures: false, verifySignatures: false }));
    assert.equal((await status(await submit({ unsignedTransaction }))).txStatus, 'FAILED');
    assert.equal((await status(await submit({ unsignedTransaction, sponsor: true }))).txStatus, 'INCLUDED');
  });

  it('a cluster the emulator does not run (mainnet) refuses the send with the service\u2019s error, changing nothing', async () => {
    const unsignedTransaction = await transfer(1000);
    const answer = await assertNoStateChange(f.emulator, () => f.submit('sol_send_transaction', f.demoOrgId, { signWith: from.toBase58(), caip2: 'solana:mainnet', unsignedTransaction }));
    assertServiceError(answer, 400, 3, 'CHAIN_UNAVAILABLE', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
  });

  it('the hosted HTTP client sends and reads the status in its shapes', async () => {
    await faucet({ address: from.toBase58(), chain: DEVNET, amount: '1' });
    const sent = await hosted.solSendTransaction({
      type: 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2',
      timestampMs: String(f.now()),
      organizationId: f.demoOrgId,
      parameters: { signWiths: [from.toBase58()], caip2: 'solana:devnet', unsignedTransaction: await transfer(LAMPORTS_PER_SOL / 10) },
    });
    const id = (sent.activity.result as { solSendTransactionResultV2?: { sendTransactionStatusId: string } }).solSendTransactionResultV2!.sendTransactionStatusId;
    const st = await hosted.getSendTransactionStatus({ organizationId: f.demoOrgId, sendTransactionStatusId: id });
    assert.equal(st.txStatus, 'INCLUDED');
    assert.equal((await connection.getSignatureStatus(st.solana!.signature!)).value?.err, null);
  });

  it('the faucet refuses a bad address, an unknown asset and another site\u2019s page; nothing funded', async () => {
    assertServiceError(await faucet({ address: 'not-base58!', chain: DEVNET }), 400, 3);
    assertServiceError(await faucet({ address: from.toBase58(), chain: DEVNET, asset: 'BONK' }), 400, 3);
    assertServiceError(await faucet({ address: from.toBase58(), chain: DEVNET }, { origin: 'https://evil.example' }), 403, 7);
    assert.equal(await connection.getBalance(from), 0);
  });
});
