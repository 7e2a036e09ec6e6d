// The local chains' figures for `npm run bench` (and `--only=chains`): each measured against
// an emulator in its own process (scripts/bench-chains-server.ts), driven by the hosted HTTP
// client (`@turnkey/http` + `@turnkey/api-key-stamper`) as an app would drive the service:
// - send to INCLUDED, per chain: the time from submitting eth_send_transaction /
//   sol_send_transaction (V2, one call / one transfer) to get_send_transaction_status saying
//   INCLUDED, one send at a time after a warm-up, p50 and p99;
// - cold start with the chains and without: spawn to the first answer (Node and the emulator's
//   code loading included, the same for both), and createEmulator + start inside the process;
//   medians of alternating runs, and their ratios;
// - memory with the chains after the sends: the emulator's RSS plus each anvil child's.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { TurnkeyClient } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { p256 } from '@noble/curves/nist.js';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { toHex } from '../src/encoding/hex.ts';
import type { ChildProcess } from 'node:child_process';

const SEPOLIA = 'eip155:11155111';
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';

interface Ready {
  urls: { apiUrl: string };
  demoOrgId: string;
  startMs: number;
  anvilPids: number[];
}
interface Stats {
  rss: number;
  heapUsed: number;
  anvilRss: (number | undefined)[];
}
interface Server {
  ready: Ready;
  spawnToReadyMs: number;
  stats(): Promise<Stats>;
  stop(): Promise<void>;
}

export interface ChainsBenchOptions {
  /** Sends measured per chain (after 10 not counted). */
  readonly sends?: number;
  /** Cold starts of each kind. */
  readonly starts?: number;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const mb = (bytes: number) => round(bytes / 2 ** 20);

async function startServer(chains: 'all' | 'off', rootKey: string): Promise<Server> {
  const script = fileURLToPath(new URL('./bench-chains-server.ts', import.meta.url));
  const spawned = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, chains, rootKey], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the emulator exited with ${code}`)));
  });
  const spawnToReadyMs = performance.now() - spawned;
  return {
    ready: JSON.parse(line) as Ready,
    spawnToReadyMs,
    stats: () =>
      new Promise<Stats>((resolve) => {
        child.once('message', (message) => resolve(message as Stats));
        child.send({ type: 'stats' });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Polls the status until the chain has decided; the time from `started`. */
async function untilIncluded(hosted: TurnkeyClient, organizationId: string, sendTransactionStatusId: string, started: number): Promise<{ ms: number; status: string }> {
  for (;;) {
    const { txStatus } = await hosted.getSendTransactionStatus({ organizationId, sendTransactionStatusId });
    if (txStatus === 'INCLUDED' || txStatus === 'FAILED') return { ms: performance.now() - started, status: txStatus };
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

interface Latency {
  sends: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failures: number;
}

function latency(samples: { ms: number; status: string }[]): Latency {
  const ms = samples.map((s) => s.ms);
  return { sends: samples.length, p50Ms: round(percentile(ms, 50)), p99Ms: round(percentile(ms, 99)), maxMs: round(Math.max(...ms)), failures: samples.filter((s) => s.status !== 'INCLUDED').length };
}

async function sendLatencies(server: Server, hosted: TurnkeyClient, sends: number): Promise<{ evm: Latency; solana: Latency }> {
  const { apiUrl } = server.ready.urls;
  const organizationId = server.ready.demoOrgId;
  const timestampMs = () => String(Date.now());
  const created = await hosted.createWallet({
    type: 'ACTIVITY_TYPE_CREATE_WALLET',
    timestampMs: timestampMs(),
    organizationId,
    parameters: {
      walletName: 'bench chains',
      accounts: [
        { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
        { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' },
      ],
    },
  });
  const [eth, sol] = created.activity.result.createWalletResult!.addresses as [string, string];
  const faucet = async (body: Record<string, unknown>) => {
    const answer = await fetch(`${apiUrl}/__faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (answer.status !== 200) throw new Error(`faucet: ${answer.status} ${await answer.text()}`);
  };
  const recipient = Keypair.generate().publicKey;
  await faucet({ address: eth, chain: SEPOLIA, amount: '100' });
  await faucet({ address: sol, chain: DEVNET, amount: '100' });
  await faucet({ address: recipient.toBase58(), chain: DEVNET, amount: '1' });
  const chainsDoc = (await (await fetch(`${apiUrl}/__chains`)).json()) as { solana: { rpcUrl: string } };
  const connection = new Connection(chainsDoc.solana.rpcUrl, 'confirmed');
  const owner = new PublicKey(sol);

  const evm: { ms: number; status: string }[] = [];
  for (let i = 0; i < sends + 10; i++) {
    const started = performance.now();
    const answer = await hosted.ethSendTransaction({
      type: 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
      timestampMs: timestampMs(),
      organizationId,
      parameters: { from: eth, caip2: SEPOLIA, calls: [{ to: '0x1111111111111111111111111111111111111111', value: String(1000 + i) }] },
    });
    const sample = await untilIncluded(hosted, organizationId, answer.activity.result.ethSendTransactionResultV2!.sendTransactionStatusId, started);
    if (i >= 10) evm.push(sample);
  }

  const solana: { ms: number; status: string }[] = [];
  let blockhash = await connection.getLatestBlockhash();
  for (let i = 0; i < sends + 10; i++) {
    // A blockhash lives 150 slots (60 s); a fresh one every 50 sends. Built before the clock starts: the app's part.
    if (i % 50 === 49) blockhash = await connection.getLatestBlockhash();
    const unsignedTransaction = toHex(
      new Transaction({ feePayer: owner, ...blockhash }).add(SystemProgram.transfer({ fromPubkey: owner, toPubkey: recipient, lamports: 1000 + i })).serialize({ requireAllSignatures: false, verifySignatures: false }),
    );
    const started = performance.now();
    const answer = await hosted.solSendTransaction({ type: 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2', timestampMs: timestampMs(), organizationId, parameters: { unsignedTransaction, signWiths: [sol], caip2: DEVNET } });
    const sample = await untilIncluded(hosted, organizationId, answer.activity.result.solSendTransactionResultV2!.sendTransactionStatusId, started);
    if (i >= 10) solana.push(sample);
  }
  return { evm: latency(evm), solana: latency(solana) };
}

export async function chainsBench(options: ChainsBenchOptions = {}) {
  const sends = options.sends ?? 200;
  const starts = options.starts ?? 5;
  const secret = p256.utils.randomSecretKey();
  const apiPublicKey = toHex(p256.getPublicKey(secret, true));
  const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey: toHex(secret) });

  // Cold starts, alternating so a slow moment of the machine falls on both kinds.
  const cold: Record<'all' | 'off', { spawnToReadyMs: number[]; startMs: number[] }> = { all: { spawnToReadyMs: [], startMs: [] }, off: { spawnToReadyMs: [], startMs: [] } };
  for (let i = 0; i < starts; i++) {
    for (const kind of ['off', 'all'] as const) {
      const server = await startServer(kind, apiPublicKey);
      cold[kind].spawnToReadyMs.push(server.spawnToReadyMs);
      cold[kind].startMs.push(server.ready.startMs);
      await server.stop();
    }
  }

  const server = await startServer('all', apiPublicKey);
  let sendsResult: { evm: Latency; solana: Latency };
  let memory: Stats;
  try {
    const hosted = new TurnkeyClient({ baseUrl: server.ready.urls.apiUrl }, stamper);
    sendsResult = await sendLatencies(server, hosted, sends);
    memory = await server.stats();
  } finally {
    await server.stop();
  }
  const bare = await startServer('off', apiPublicKey);
  const bareMemory = await bare.stats();
  await bare.stop();

  const anvil = memory.anvilRss.reduce<number>((sum, rss) => sum + (rss ?? 0), 0);
  const coldFigures = (kind: 'all' | 'off') => ({ spawnToReadyMs: round(median(cold[kind].spawnToReadyMs)), startMs: round(median(cold[kind].startMs)) });
  const withChains = coldFigures('all');
  const without = coldFigures('off');
  const json = {
    sendToIncluded: sendsResult,
    coldStart: {
      runs: starts,
      withChains,
      withoutChains: without,
      ratioSpawnToReady: round(withChains.spawnToReadyMs / without.spawnToReadyMs, 2),
      ratioStart: round(withChains.startMs / without.startMs, 1),
    },
    memory: {
      emulatorRssMb: mb(memory.rss),
      anvilRssMb: memory.anvilRss.map((rss) => (rss === undefined ? null : mb(rss))),
      totalRssMb: mb(memory.rss + anvil),
      withoutChainsRssMb: mb(bareMemory.rss),
    },
  };
  const s = sendsResult;
  const markdown = [
    '## Local chains (emulator in its own process, 127.0.0.1; the hosted HTTP client)',
    '',
    '| chain | sends | send → INCLUDED p50 ms | p99 ms | max ms | failures |',
    '|---|---:|---:|---:|---:|---:|',
    `| EVM (anvil, ${SEPOLIA}), eth_send_transaction V2 | ${s.evm.sends} | ${s.evm.p50Ms} | ${s.evm.p99Ms} | ${s.evm.maxMs} | ${s.evm.failures} |`,
    `| Solana (LiteSVM, devnet's caip2), sol_send_transaction V2 | ${s.solana.sends} | ${s.solana.p50Ms} | ${s.solana.p99Ms} | ${s.solana.maxMs} | ${s.solana.failures} |`,
    '',
    'From submitting the send activity to get_send_transaction_status answering INCLUDED (polled every 2 ms), one send at a time, after 10 not counted.',
    '',
    '| cold start (median of ' + starts + ') | spawn → serving ms | createEmulator + start ms |',
    '|---|---:|---:|',
    `| --chains all | ${withChains.spawnToReadyMs} | ${withChains.startMs} |`,
    `| --chains off | ${without.spawnToReadyMs} | ${without.startMs} |`,
    `| ratio | ${json.coldStart.ratioSpawnToReady}× | ${json.coldStart.ratioStart}× |`,
    '',
    `Memory with the chains, after the sends: emulator RSS ${json.memory.emulatorRssMb} MB (LiteSVM in process) + anvil ${json.memory.anvilRssMb.map((m) => `${m ?? '?'} MB`).join(' + ')} = ${json.memory.totalRssMb} MB (without chains, fresh: ${json.memory.withoutChainsRssMb} MB).`,
  ].join('\n');
  return { json, markdown };
}
