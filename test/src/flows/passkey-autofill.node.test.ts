// Passkey autofill's waiting loop (logInWithPasskeyAutofill), with a stand-in ceremony that waits
// like a conditional request until it is aborted: each request is renewed with a new session key
// and a fresh signed body (the service accepts a body's timestamp for about five minutes), every
// key of an unused request is deleted, stopping resolves null, and a real failure is thrown.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { logInWithPasskeyAutofill, type PasskeyDeps } from '../../../src/flows/passkey-flow.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import type { WebauthnAuthenticate } from '../../../src/stamp/webauthn-stamper.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';

/** No request reaches the network in these tests: every ceremony ends before a stamp exists. */
function deps(keyStore: MemoryKeyStore): PasskeyDeps {
  return { proxy: undefined as never, keyStore, organizationId: 'org-autofill', rpId: 'localhost', apiBaseUrl: 'http://127.0.0.1:9' };
}

/** Waits like a conditional request: until the stamper's signal aborts it (at once if it already has). */
const waitForAbort: WebauthnAuthenticate = ({ signal }) =>
  new Promise((_, reject) => {
    const abort = (): void => reject(new DOMException('The request was aborted.', 'AbortError'));
    if (signal!.aborted) abort();
    else signal!.addEventListener('abort', abort, { once: true });
  });

describe('passkey autofill: the waiting request', () => {
  it('is renewed with a new key and a fresh body, conditional each time; stopping resolves null and leaves no key', async () => {
    const keyStore = new MemoryKeyStore();
    const stop = new AbortController();
    const seen: { challenge: string; autofill: boolean | undefined; keys: number }[] = [];
    const authenticate: WebauthnAuthenticate = async (ceremony) => {
      seen.push({ challenge: ceremony.optionsJSON.challenge, autofill: ceremony.useBrowserAutofill, keys: (await keyStore.list()).length });
      if (seen.length === 3) setTimeout(() => stop.abort(), 20);
      return waitForAbort(ceremony);
    };
    const result = await logInWithPasskeyAutofill(deps(keyStore), { signal: stop.signal, renewMs: 150, authenticate });
    assert.equal(result, null);
    assert.equal(seen.length, 3);
    assert.equal(new Set(seen.map((s) => s.challenge)).size, 3, 'each request signs another body');
    assert.deepEqual(seen.map((s) => [s.autofill, s.keys]), [[true, 1], [true, 1], [true, 1]], 'one waiting key at a time');
    assert.deepEqual(await keyStore.list(), []);
  });

  it('a signal already stopped starts nothing', async () => {
    let calls = 0;
    const result = await logInWithPasskeyAutofill(deps(new MemoryKeyStore()), { signal: AbortSignal.abort(), authenticate: async () => (calls += 1, Promise.reject(new Error('unreached'))) });
    assert.equal(result, null);
    assert.equal(calls, 0);
  });

  it('another prompt taking over (a cancellation it did not ask for) resolves null, with no key left', async () => {
    const keyStore = new MemoryKeyStore();
    const authenticate: WebauthnAuthenticate = () => Promise.reject(new DOMException('Another request started.', 'AbortError'));
    assert.equal(await logInWithPasskeyAutofill(deps(keyStore), { signal: new AbortController().signal, authenticate }), null);
    assert.deepEqual(await keyStore.list(), []);
  });

  it('a failure that is not a cancellation is thrown as its LatchError, with no key left', async () => {
    const keyStore = new MemoryKeyStore();
    const authenticate: WebauthnAuthenticate = () => Promise.reject(new DOMException('No passkeys here.', 'NotSupportedError'));
    await assert.rejects(logInWithPasskeyAutofill(deps(keyStore), { signal: new AbortController().signal, authenticate }), (error) => isLatchError(error) && error.code === 'ERR_PASSKEY_UNSUPPORTED');
    assert.deepEqual(await keyStore.list(), []);
  });
});
