// Issue 38: passkey autofill where it cannot run (an IP address as the relying party, an insecure
// page, or the browser's SecurityError for this origin) resolves null, so the drop-in shows the
// person nothing on focus, and tells the developer once in the console. Other failures still throw.
import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { logInWithPasskeyAutofill, type PasskeyDeps } from '../../../src/flows/passkey-flow.ts';
import { autofillBlocked } from '../../../src/flows/autofill-origin.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import type { WebauthnAuthenticate } from '../../../src/stamp/webauthn-stamper.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';

const deps = (rpId: string): PasskeyDeps => ({ proxy: undefined as never, keyStore: new MemoryKeyStore(), organizationId: 'org', rpId, apiBaseUrl: 'http://127.0.0.1:9' });

let warnings: string[];
const original = console.warn;

describe('passkey autofill on an origin where it cannot run', () => {
  beforeEach(() => {
    warnings = [];
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
  });
  afterEach(() => {
    console.warn = original;
  });

  it("says why for IP addresses and insecure pages, and nothing for a domain name", () => {
    for (const ip of ['127.0.0.1', '192.168.1.20', '[::1]', '::1']) assert.match(autofillBlocked(ip) ?? '', /IP address/, ip);
    for (const name of ['localhost', 'example.com', 'app.localhost']) assert.equal(autofillBlocked(name), undefined, name);
    const global = globalThis as { isSecureContext?: boolean };
    global.isSecureContext = false;
    try {
      assert.match(autofillBlocked('example.com') ?? '', /not a secure context/);
    } finally {
      delete global.isSecureContext;
    }
  });

  it("the browser's SecurityError resolves null, told once in the console; an IP address after it is silent too", async () => {
    let ceremonies = 0;
    const refuse: WebauthnAuthenticate = async () => {
      ceremonies += 1;
      throw new DOMException('127.0.0.1 is an invalid domain.', 'SecurityError');
    };
    const signal = new AbortController().signal;
    assert.equal(await logInWithPasskeyAutofill(deps('localhost'), { signal, authenticate: refuse }), null);
    assert.equal(await logInWithPasskeyAutofill(deps('localhost'), { signal, authenticate: refuse }), null);
    // No ceremony at all for an IP address (without the test's stand-in: the browser's own path).
    assert.equal(await logInWithPasskeyAutofill(deps('127.0.0.1'), { signal }), null);
    assert.equal(ceremonies, 2);
    assert.equal(warnings.length, 1, 'once per page');
    assert.match(warnings[0]!, /^Latchkey: passkey autofill is off on this page: .*SecurityError.*http:\/\/localhost/);
  });

  it('a failure that is not about the origin is still thrown', async () => {
    const broken: WebauthnAuthenticate = async () => {
      throw new DOMException('Something else.', 'UnknownError');
    };
    await assert.rejects(logInWithPasskeyAutofill(deps('localhost'), { signal: new AbortController().signal, authenticate: broken }), (error) => isLatchError(error, 'ERR_PASSKEY_FAILED'));
    assert.deepEqual(warnings, []);
  });
});
