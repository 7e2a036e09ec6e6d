// WebauthnStamper's own ceremony (no `authenticate` option), in Node: the real
// @simplewebauthn/browser startAuthentication runs against a stand-in for the browser's
// `navigator.credentials.get` and `PublicKeyCredential`, so what reaches the browser API and what
// comes back are checked there, where a page's would be. The browser tests
// (test/src/flows/passkey-flow.webauthn.test.ts) drive a real authenticator; the mutation run of
// src/stamp cannot run them, and these reach the same code. Buffers are read back with Node's
// Buffer (base64url) and hashed with noble, not with the kit's encoders.
import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { sha256 } from '@noble/hashes/sha2.js';
import { WebAuthnError } from '@simplewebauthn/browser';
import { WebauthnStamper, mapWebauthnError } from '../../../src/stamp/webauthn-stamper.ts';
import { isLatchError, LatchError, type LatchErrorCode } from '../../../src/errors/latch-error.ts';

interface GetOptions {
  publicKey: { challenge: ArrayBuffer | Uint8Array; rpId?: string; allowCredentials?: Array<{ id: ArrayBuffer | Uint8Array; type: string }>; timeout?: number; userVerification?: string };
  mediation?: string;
  signal?: AbortSignal;
}

const AUTHENTICATOR_DATA = Uint8Array.from({ length: 37 }, (_, i) => i * 7);
const CLIENT_DATA = new TextEncoder().encode('{"type":"webauthn.get","challenge":"x","origin":"http://localhost"}');
const SIGNATURE = Uint8Array.from({ length: 71 }, (_, i) => 255 - i);
const RAW_ID = Uint8Array.of(1, 2, 3, 250, 251, 252);
const b64u = (bytes: Uint8Array | ArrayBuffer) => Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes).toString('base64url');
const bytesOf = (buffer: ArrayBuffer | Uint8Array) => new Uint8Array(buffer instanceof ArrayBuffer ? buffer : buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));

/** A browser's credential API: each get() waits until the test answers it (or its signal aborts it). */
class FakeCredentials {
  readonly calls: GetOptions[] = [];
  #pending: Array<{ resolve: (value: unknown) => void }> = [];
  #called: Array<() => void> = [];

  get(options: GetOptions): Promise<unknown> {
    this.calls.push(options);
    for (const wake of this.#called.splice(0)) wake();
    return new Promise((resolve, reject) => {
      this.#pending.push({ resolve });
      options.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), { once: true });
    });
  }

  /** Resolves once get() has been called `count` times in all. */
  called(count: number): Promise<void> {
    if (this.calls.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.#called.push(() => (this.calls.length >= count ? resolve() : void this.called(count).then(resolve))));
  }

  /** Answers the oldest waiting get() with an assertion. */
  answer(): void {
    this.#pending.shift()!.resolve({
      id: b64u(RAW_ID),
      rawId: RAW_ID.buffer.slice(0),
      type: 'public-key',
      response: { authenticatorData: AUTHENTICATOR_DATA.buffer.slice(0), clientDataJSON: CLIENT_DATA.buffer.slice(0), signature: SIGNATURE.buffer.slice(0), userHandle: null },
      getClientExtensionResults: () => ({}),
      authenticatorAttachment: 'platform',
    });
  }
}

let credentials: FakeCredentials;
const saved = new Map<string, PropertyDescriptor | undefined>();

function install(name: string, value: unknown): void {
  if (!saved.has(name)) saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

/** A page with WebAuthn and passkey autofill (no matching <input>: the kit's field is in a shadow root). */
function browserWithWebauthn(): void {
  credentials = new FakeCredentials();
  install('navigator', { credentials });
  install('PublicKeyCredential', Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: async () => true }));
  install('document', { querySelectorAll: () => [] });
}

async function refusedWith(run: Promise<unknown>, code: LatchErrorCode): Promise<LatchError> {
  let caught: unknown;
  try {
    await run;
  } catch (error) {
    caught = error;
  }
  assert.ok(isLatchError(caught), `expected ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  assert.ok(caught.message.length > 10, 'a message that says what failed');
  return caught;
}

const body = '{"type":"ACTIVITY_TYPE_STAMP_LOGIN","organizationId":"org","parameters":{"name":"Zoë"}}';
const challengeHex = Buffer.from(sha256(new TextEncoder().encode(body))).toString('hex');

// Each test waits for the stand-in browser to be asked; a stamper that never asks fails in 5 s.
const bounded = { timeout: 5000 };

describe('WebauthnStamper through @simplewebauthn/browser', () => {
  beforeEach(browserWithWebauthn);
  afterEach(() => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    }
    saved.clear();
  });

  it('asks the browser for an assertion over the ASCII hex SHA-256 of the body, in a modal prompt, and sends back what it signed', bounded, async () => {
    const stamper = new WebauthnStamper({ rpId: 'localhost', allowCredentials: ['AQID'], timeout: 1234, userVerification: 'required' });
    const stamping = stamper.stamp(body);
    await credentials.called(1);
    const [options] = credentials.calls;
    assert.equal(new TextDecoder().decode(bytesOf(options!.publicKey.challenge)), challengeHex);
    assert.equal(options!.publicKey.rpId, 'localhost');
    assert.equal(options!.publicKey.timeout, 1234);
    assert.equal(options!.publicKey.userVerification, 'required');
    assert.deepEqual(options!.publicKey.allowCredentials!.map((c) => [b64u(bytesOf(c.id)), c.type]), [['AQID', 'public-key']]);
    assert.equal(options!.mediation, undefined, 'a prompt, not autofill');
    credentials.answer();
    const stamp = await stamping;
    assert.equal(stamp.stampHeaderName, 'X-Stamp-Webauthn');
    assert.deepEqual(JSON.parse(stamp.stampHeaderValue), { authenticatorData: b64u(AUTHENTICATOR_DATA), clientDataJson: b64u(CLIENT_DATA), credentialId: b64u(RAW_ID), signature: b64u(SIGNATURE) });
  });

  it('mediation "conditional" waits on the autofill (mediation: conditional) without looking for a light-DOM <input>', bounded, async () => {
    const stamping = new WebauthnStamper({ rpId: 'localhost', mediation: 'conditional' }).stamp(body);
    await credentials.called(1);
    assert.equal(credentials.calls[0]!.mediation, 'conditional');
    assert.deepEqual(credentials.calls[0]!.publicKey.allowCredentials, []);
    credentials.answer();
    assert.equal((await stamping).stampHeaderName, 'X-Stamp-Webauthn');
  });

  it('an already aborted signal: ERR_PASSKEY_CANCELLED, and the browser is never asked', async () => {
    const controller = new AbortController();
    controller.abort();
    await refusedWith(new WebauthnStamper({ rpId: 'localhost', signal: controller.signal }).stamp(body), 'ERR_PASSKEY_CANCELLED');
    assert.equal(credentials.calls.length, 0);
  });

  it('aborting the signal while the browser waits cancels the browser\'s request: ERR_PASSKEY_CANCELLED', bounded, async () => {
    const controller = new AbortController();
    const stamping = new WebauthnStamper({ rpId: 'localhost', signal: controller.signal }).stamp(body);
    await credentials.called(1);
    assert.equal(credentials.calls[0]!.signal!.aborted, false);
    controller.abort();
    assert.equal(credentials.calls[0]!.signal!.aborted, true, 'the browser\'s request got the abort');
    await refusedWith(stamping, 'ERR_PASSKEY_CANCELLED');
  });

  it('a finished stamp lets go of its signal: aborting it later does not cancel the next ceremony', bounded, async () => {
    const controller = new AbortController();
    const first = new WebauthnStamper({ rpId: 'localhost', signal: controller.signal }).stamp(body);
    await credentials.called(1);
    credentials.answer();
    await first;
    const second = new WebauthnStamper({ rpId: 'localhost' }).stamp(body);
    await credentials.called(2);
    controller.abort();
    assert.equal(credentials.calls[1]!.signal!.aborted, false, 'the second ceremony is not cancelled');
    credentials.answer();
    assert.equal((await second).stampHeaderName, 'X-Stamp-Webauthn');
  });

  it('without PublicKeyCredential (or with something else under its name): ERR_PASSKEY_UNSUPPORTED, the browser is never asked', async () => {
    for (const value of [undefined, {}, 'function']) {
      install('PublicKeyCredential', value);
      await refusedWith(new WebauthnStamper({ rpId: 'localhost' }).stamp(body), 'ERR_PASSKEY_UNSUPPORTED');
    }
    assert.equal(credentials.calls.length, 0);
  });
});

describe('WebauthnStamper with its own authenticate', () => {
  it('hands the stamper\'s signal to it, and none when there is none', async () => {
    const seen: Array<AbortSignal | undefined> = [];
    const controller = new AbortController();
    const authenticate = async (options: { signal?: AbortSignal }) => {
      seen.push(options.signal);
      return { id: 'AQID', rawId: 'AQID', type: 'public-key' as const, clientExtensionResults: {}, response: { authenticatorData: 'AA', clientDataJSON: 'AA', signature: 'AA' } };
    };
    await new WebauthnStamper({ rpId: 'localhost', signal: controller.signal, authenticate }).stamp(body);
    await new WebauthnStamper({ rpId: 'localhost', authenticate }).stamp(body);
    assert.equal(seen[0], controller.signal);
    assert.equal(seen[1], undefined);
  });

  it('an answer without a response or without a string rawId: ERR_PASSKEY_FAILED', async () => {
    const response = { authenticatorData: 'AA', clientDataJSON: 'AA', signature: 'AA' };
    for (const answer of [undefined, {}, { rawId: 'AQID' }, { response }, { response, rawId: 7 }, { response, rawId: null }]) {
      const authenticate = async () => answer as never;
      await refusedWith(new WebauthnStamper({ rpId: 'localhost', authenticate }).stamp(body), 'ERR_PASSKEY_FAILED');
    }
  });
});

describe('mapWebauthnError: SimpleWebAuthn\'s codes decide whatever the name', () => {
  // WebAuthnError takes its name from the caller or the cause: the code is what SimpleWebAuthn
  // documents as the reason, so it decides even under another name.
  const cases: Array<[string, string, LatchErrorCode]> = [
    ['ERROR_CEREMONY_ABORTED', 'Error', 'ERR_PASSKEY_CANCELLED'],
    ['ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'Error', 'ERR_PASSKEY_EXISTS'],
    ['ERROR_INVALID_RP_ID', 'Error', 'ERR_PASSKEY_FAILED'],
  ];
  for (const [code, name, expected] of cases) {
    it(`${code} named ${name} is ${expected}, a message of its own, the error as cause`, () => {
      const error = new WebAuthnError({ message: 'inner detail', code: code as never, cause: new Error('x'), name });
      const mapped = mapWebauthnError(error);
      assert.ok(mapped instanceof LatchError);
      assert.equal(mapped.code, expected);
      assert.equal(mapped.cause, error);
      assert.ok(mapped.message.length > 10 && !mapped.message.includes('inner detail'));
    });
  }

  it('every mapped error says something (never an empty message)', () => {
    for (const name of ['NotAllowedError', 'AbortError', 'InvalidStateError', 'NotSupportedError', 'SecurityError']) {
      assert.ok(mapWebauthnError(new DOMException('m', name)).message.length > 10, name);
    }
  });
});
