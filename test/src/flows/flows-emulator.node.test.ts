// The core's login flows end to end against a real emulator over HTTP on 127.0.0.1: the same
// calls a page makes, minus the browser chrome (popups and passkeys run in Chromium in the
// component tests). Each flow ends in a SigningSession that really signs.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { holdsSecret } from '../../support/secret-probes.ts';
import { createEmulator, type Emulator, type EmulatorUrls } from '../../../demo/emulator/emulator.ts';
import { ProxyClient } from '../../../src/clients/proxy-client.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { SigningSession } from '../../../src/session/signing-session.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { startOtp, completeOtp } from '../../../src/flows/otp-flow.ts';
import { prepareOAuth, completeOAuth, parseOAuthCallback } from '../../../src/flows/oauth-flow.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { consent, latestCode } from '../../support/emulator-http.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

let emulator: Emulator;
let urls: EmulatorUrls;
let keys: { notarizerPublicKey: string; enclavePublicKey: string };
let proxy: ProxyClient;

function sessionOptions(keyStore: MemoryKeyStore) {
  return {
    keyStore,
    sessionStore: new MemorySessionStore(),
    channel: noSessionChannel,
    notarizerPublicKey: keys.notarizerPublicKey,
    enclavePublicKey: keys.enclavePublicKey,
    apiBaseUrl: urls.apiUrl,
  };
}

describe('login flows against the emulator', () => {
  before(async () => {
    emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true });
    urls = await emulator.start();
    keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as typeof keys;
    proxy = new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'demo' });
  });
  after(() => emulator.stop());

  it('email OTP: signs up with a wallet, logs in, signs a message, then logs in again to the same account', async () => {
    const keyStore = new MemoryKeyStore();
    const contact = 'flow.user@example.com';
    const { otpId } = await startOtp({ proxy }, { otpType: 'OTP_TYPE_EMAIL', contact });
    const login = await completeOtp(
      { proxy, keyStore },
      {
        otpType: 'OTP_TYPE_EMAIL',
        contact,
        otpId,
        otpCode: await latestCode(urls, contact),
        signup: {
          userName: 'Flow User',
          wallet: {
            walletName: 'Main',
            accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
          },
        },
      },
    );
    assert.equal(login.created, true);
    assert.match(login.signup!.wallet!.addresses[0]!, /^0x[0-9a-fA-F]{40}$/);
    assert.deepEqual((await keyStore.list()).map((k) => k.id), [login.key.id]);

    const session = await SigningSession.fromJwt(login.sessionJwt, { ...sessionOptions(keyStore), key: login.key });
    assert.equal(session.summary!.organizationId, login.organizationId);
    const accounts = await session.listWalletAccounts();
    assert.deepEqual(accounts.map((a) => a.address), login.signup!.wallet!.addresses);
    const signature = await session.signRawPayload({
      signWith: accounts[0]!.address,
      payload: 'a'.repeat(64),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    });
    assert.match(signature.r, /^[0-9a-f]{64}$/);
    assert.match(signature.s, /^[0-9a-f]{64}$/);
    // The wallet's mnemonic, exported and decrypted here: it re-derives the same address.
    const mnemonic = await session.exportWallet(login.signup!.wallet!.walletId);
    assert.equal(mnemonic.split(' ').length, 12);
    const seed = mnemonicToSeedSync(mnemonic);
    const child = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0/0");
    const uncompressed = secp256k1.Point.fromBytes(child.publicKey!).toBytes(false);
    const derived = '0x' + toHex(keccak_256(uncompressed.subarray(1)).subarray(12));
    assert.equal(derived, accounts[0]!.address.toLowerCase());
    // A refresh swaps the session key; the old key is gone and the new one signs.
    const before = session.summary!.publicKey;
    await session.refresh();
    assert.notEqual(session.summary!.publicKey, before);
    assert.equal(await keyStore.get(before), undefined);
    assert.equal((await session.whoami()).organizationId, login.organizationId);
    await session.logout();
    assert.deepEqual(await keyStore.list(), []);

    const second = await startOtp({ proxy }, { otpType: 'OTP_TYPE_EMAIL', contact });
    const again = await completeOtp({ proxy, keyStore }, { otpType: 'OTP_TYPE_EMAIL', contact, otpId: second.otpId, otpCode: await latestCode(urls, contact) });
    assert.equal(again.created, false);
    assert.equal(again.organizationId, login.organizationId);
  });

  it('SMS OTP: a wrong code is ERR_OTP_INVALID and leaves no key behind; the right one then works', async () => {
    const keyStore = new MemoryKeyStore();
    const contact = '+14155550123';
    const { otpId } = await startOtp({ proxy }, { otpType: 'OTP_TYPE_SMS', contact });
    const code = await latestCode(urls, contact);
    const wrong = code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');
    await assert.rejects(
      completeOtp({ proxy, keyStore }, { otpType: 'OTP_TYPE_SMS', contact, otpId, otpCode: wrong }),
      (error) => isLatchError(error, 'ERR_OTP_INVALID'),
    );
    assert.deepEqual(await keyStore.list(), []);
    const login = await completeOtp({ proxy, keyStore }, { otpType: 'OTP_TYPE_SMS', contact, otpId, otpCode: code });
    assert.equal(login.created, true);
    assert.equal((await keyStore.list()).length, 1);
  });

  it('email OTP, current generation: the code is sealed to the enclave target (never in clear on the proxy); a target from another signer is refused', async () => {
    const signer = (keys as unknown as { otpEncryptionSignerPublicKey: string }).otpEncryptionSignerPublicKey;
    const keyStore = new MemoryKeyStore();
    const contact = 'flow.v2@example.com';
    const started = await startOtp({ proxy, otpEncryptionSignerPublicKey: signer }, { otpType: 'OTP_TYPE_EMAIL', contact });
    assert.ok(started.otpEncryptionTargetBundle, 'otp_init_v2 hands out a target');
    const seen: string[] = [];
    const watching = new ProxyClient({
      authProxyUrl: urls.proxyUrl,
      configId: 'demo',
      fetch: async (input, init) => {
        seen.push(`${new URL(String(input)).pathname} ${String(init?.body ?? '')}`);
        return fetch(input, init);
      },
    });
    const code = await latestCode(urls, contact);
    const login = await completeOtp(
      { proxy: watching, keyStore, otpEncryptionSignerPublicKey: signer },
      { otpType: 'OTP_TYPE_EMAIL', contact, otpId: started.otpId, otpCode: code, otpEncryptionTargetBundle: started.otpEncryptionTargetBundle! },
    );
    assert.equal(login.created, true);
    const verify = seen.find((line) => line.startsWith('/v1/otp_verify_v2 '))!;
    assert.ok(verify, 'otp_verify_v2 was called');
    assert.ok(!holdsSecret(verify, code), 'the code never crosses the proxy in clear');
    assert.equal(seen.some((line) => line.startsWith('/v1/otp_verify ')), false);

    // A target signed by anyone but the pinned signer is refused before anything is sealed or sent.
    const again = await startOtp({ proxy, otpEncryptionSignerPublicKey: signer }, { otpType: 'OTP_TYPE_EMAIL', contact });
    const before = (await keyStore.list()).length;
    await assert.rejects(
      completeOtp(
        { proxy, keyStore, otpEncryptionSignerPublicKey: keys.notarizerPublicKey },
        { otpType: 'OTP_TYPE_EMAIL', contact, otpId: again.otpId, otpCode: await latestCode(urls, contact), otpEncryptionTargetBundle: again.otpEncryptionTargetBundle! },
      ),
      (error: unknown) => isLatchError(error) && error.code.startsWith('ERR_BUNDLE'),
    );
    assert.equal((await keyStore.list()).length, before, 'no key left behind');
  });

  it('refuses a malformed contact before sending anything', async () => {
    await assert.rejects(startOtp({ proxy }, { otpType: 'OTP_TYPE_SMS', contact: '555-0100' }), (e) => isLatchError(e, 'ERR_INPUT_INVALID'));
    await assert.rejects(startOtp({ proxy }, { otpType: 'OTP_TYPE_EMAIL', contact: 'not-an-email' }), (e) => isLatchError(e, 'ERR_INPUT_INVALID'));
  });

  for (const provider of ['google', 'discord'] as const) {
    it(`OAuth with ${provider} (${provider === 'google' ? 'OIDC id_token' : 'OAuth 2.0 + PKCE'}): consent, sign-up, session; the second time logs in`, async () => {
      const config = await proxy.walletKitConfig({});
      const clientId = config.oauthClientIds?.[provider];
      assert.ok(clientId, `the demo config has a ${provider} client id`);
      const redirectUri = 'http://localhost:8000/oauth/callback';
      const email = `${provider}.person@example.com`;
      for (const expectCreated of [true, false]) {
        const keyStore = new MemoryKeyStore();
        const pending = await prepareOAuth(
          { keyStore },
          { provider, clientId, redirectUri, authorizeUrl: `${urls.oauthUrl}/${provider}/authorize` },
        );
        const location = await consent(pending.url, email);
        const callback = parseOAuthCallback(location, pending.state);
        assert.equal(callback.kind, provider === 'google' ? 'id_token' : 'code');
        const login = await completeOAuth({ proxy, keyStore }, { pending, callback });
        assert.equal(login.created, expectCreated);
        const session = await SigningSession.fromJwt(login.sessionJwt, { ...sessionOptions(keyStore), key: login.key });
        const who = await session.whoami();
        assert.equal(who.organizationId, login.organizationId);
        session.dispose();
      }
    });
  }

  it('OAuth: an answer replayed into another attempt fails the state check and the nonce binding', async () => {
    const keyStore = new MemoryKeyStore();
    const config = await proxy.walletKitConfig({});
    const redirectUri = 'http://localhost:8000/oauth/callback';
    const first = await prepareOAuth({ keyStore }, { provider: 'google', clientId: config.oauthClientIds!.google!, redirectUri, authorizeUrl: `${urls.oauthUrl}/google/authorize` });
    const second = await prepareOAuth({ keyStore }, { provider: 'google', clientId: config.oauthClientIds!.google!, redirectUri, authorizeUrl: `${urls.oauthUrl}/google/authorize` });
    const location = await consent(first.url, 'replay@example.com');
    assert.throws(() => parseOAuthCallback(location, second.state), (e) => isLatchError(e, 'ERR_OAUTH_STATE'));
    // A token minted for the first key cannot log the second key in: the nonce binds the key.
    const callback = parseOAuthCallback(location, first.state);
    await assert.rejects(completeOAuth({ proxy, keyStore }, { pending: second, callback }), (e) => isLatchError(e, 'ERR_OAUTH_NONCE'));
    assert.equal(await keyStore.get(second.keyId), undefined, 'the failed attempt deleted its key');
  });
});
