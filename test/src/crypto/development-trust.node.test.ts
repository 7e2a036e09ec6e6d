// assertDevelopmentTrust (SECURITY.md B4) without an emulator, so the mutation run of src/crypto
// reaches it: the emulator's own test (test/emulator/development-trust.node.test.ts) proves it on
// real artifacts, this one walks the hosts. The host a page sees is WHATWG URL parsing's (Node's
// URL, not ours): what a browser's `location.hostname` holds for the address typed.
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { assertDevelopmentTrust } from '../../../src/crypto/development-trust.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';

/** `globalThis.location` as a page at `href` has it; undefined: no page (Node). */
function onPage(href: string | undefined): void {
  if (href === undefined) Reflect.deleteProperty(globalThis, 'location');
  else Object.defineProperty(globalThis, 'location', { value: new URL(href), configurable: true, writable: true });
}

describe('assertDevelopmentTrust', () => {
  afterEach(() => onPage(undefined));

  it('allows it outside a page, and on a page without a host name', () => {
    onPage(undefined);
    assertDevelopmentTrust('The notarizer key');
    Object.defineProperty(globalThis, 'location', { value: {}, configurable: true, writable: true });
    assertDevelopmentTrust('The notarizer key');
  });

  it('allows loopback pages: localhost, its subdomains, 127.0.0.0/8, [::1]', () => {
    for (const href of ['http://localhost:5173/', 'http://LOCALHOST/', 'http://app.localhost/', 'http://my-app.localhost:3000/', 'http://127.0.0.1:8080/', 'http://127.1.2.3/', 'http://127.255.255.255/', 'http://[::1]:3000/', 'http://[0:0:0:0:0:0:0:1]/']) {
      onPage(href);
      assert.doesNotThrow(() => assertDevelopmentTrust('The notarizer key'), href);
    }
  });

  it('refuses every other page with ERR_CONFIG_INVALID naming the anchor and the host', () => {
    for (const href of [
      'https://shop.example/',
      'https://localhost.example/',
      'https://notlocalhost/',
      'https://a.b.localhost.example/',
      'http://127.0.0.1.nip.example/',
      'http://128.0.0.1/',
      'http://10.0.0.1/',
      'http://[::2]/',
      'http://0.0.0.0/',
      'https://xlocalhost/',
    ]) {
      onPage(href);
      const host = new URL(href).hostname;
      assert.throws(
        () => assertDevelopmentTrust('The enclave key'),
        (error: unknown) => isLatchError(error, 'ERR_CONFIG_INVALID') && error.message.startsWith('The enclave key ') && error.message.includes(` ${host}.`) && /loopback/.test(error.message),
        href,
      );
    }
  });

  it('reads the host name, not a port or a path that looks like loopback', () => {
    for (const href of ['https://shop.example/localhost', 'https://shop.example:127/', 'https://shop.example/?h=127.0.0.1']) {
      onPage(href);
      assert.throws(() => assertDevelopmentTrust('The proof root'), (error: unknown) => isLatchError(error, 'ERR_CONFIG_INVALID'), href);
    }
  });
});
