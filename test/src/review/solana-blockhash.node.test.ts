// readLatestBlockhash (src/review/solana-blockhash.ts) against @solana/web3.js 1.98.4's
// Connection.getLatestBlockhash('confirmed'): both ask a stand-in endpoint (a fetch function, no
// server), the same method and params, and read the same blockhash from the same answer. An
// answer without a 32-byte base58 blockhash is ERR_RESPONSE_MALFORMED; no answer,
// ERR_NETWORK_FAILED.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, Keypair } from '@solana/web3.js';
import { readLatestBlockhash } from '../../../src/review/solana-blockhash.ts';

const URL = 'http://127.0.0.1:8899/';

/** A fetch that records each JSON-RPC request and answers `result`. */
function endpoint(result: unknown): { fetch: typeof fetch; asked: { method: string; params: unknown }[] } {
  const asked: { method: string; params: unknown }[] = [];
  const fetchFn = (async (_url: unknown, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { id: string | number; method: string; params: unknown };
    asked.push({ method: body.method, params: body.params });
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetch: fetchFn, asked };
}

describe('readLatestBlockhash', () => {
  it('asks what web3.js asks and reads what web3.js reads', async () => {
    const blockhash = Keypair.generate().publicKey.toBase58();
    const answer = { context: { slot: 341 }, value: { blockhash, lastValidBlockHeight: 3090 } };
    const ours = endpoint(answer);
    const theirs = endpoint(answer);
    const read = await readLatestBlockhash(URL, ours.fetch);
    const web3 = await new Connection(URL, { fetch: theirs.fetch, disableRetryOnRateLimit: true }).getLatestBlockhash('confirmed');
    assert.equal(read, web3.blockhash);
    assert.equal(read, blockhash);
    assert.deepEqual(ours.asked, theirs.asked);
  });

  it('an answer without a 32-byte blockhash is ERR_RESPONSE_MALFORMED; no answer is ERR_NETWORK_FAILED', async () => {
    for (const result of [undefined, null, {}, { value: {} }, { value: { blockhash: 42 } }, { value: { blockhash: '1111' } }, { value: { blockhash: '0OIl' + '1'.repeat(40) } }]) {
      await assert.rejects(readLatestBlockhash(URL, endpoint(result).fetch), { code: 'ERR_RESPONSE_MALFORMED' }, JSON.stringify(result));
    }
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await assert.rejects(readLatestBlockhash(URL, down), { code: 'ERR_NETWORK_FAILED' });
  });
});
