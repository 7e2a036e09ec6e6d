// Wallet stamps (issue 12 part 3): the emulator accepts the X-Stamp that the hosted service's
// own wallet stamper (@turnkey/wallet-stamper, the oracle here) makes for an Ethereum wallet
// (SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191, personal_sign over the body) and a Solana wallet
// (SIGNATURE_SCHEME_TK_API_ED25519), for a wallet key that signed up as the user's API key, the
// way the hosted client's signUpWithWallet / loginWithWallet do: signup_v2 with the key as
// `wallet-auth:<key>`, account{PUBLIC_KEY}, then stamp_login addressed to the parent
// organization. A changed body, a key under the other curve's scheme, an unknown key: refused
// with the service's error shape and status, nothing changed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WalletStamper } from '@turnkey/wallet-stamper';
import { fromBase64Url, toBase64Url } from '../../src/encoding/base64url.ts';
import { utf8Decode, utf8Encode } from '../../src/encoding/utf8.ts';
import { decodeJwt } from '../../src/tokens/jwt.ts';
import { newTestKey, plainPost, startFixture, type Answer, type Fixture } from './support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from './support/assertions.ts';
import { TestEthereumWallet, testSolanaWallet } from './support/test-wallets.ts';

type Stamp = { publicKey: string; scheme: string; signature: string };
const decodeStamp = (header: string): Stamp => JSON.parse(utf8Decode(fromBase64Url(header))) as Stamp;
const encodeStamp = (stamp: Stamp): string => toBase64Url(utf8Encode(JSON.stringify(stamp)));

describe('wallet stamps (SECP256K1_EIP191, ED25519) against the hosted wallet stamper', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture({ proxyConfigs: [{ id: 'no-wallet', enabledProviders: ['email', 'passkey'] }] });
  });
  after(() => f.stop());

  /** POSTs exactly `text` with the stamp header the hosted stamper made (or a changed one). */
  async function post(route: string, text: string, stampHeader: string): Promise<Answer> {
    const response = await fetch(`${f.urls.apiUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Stamp': stampHeader }, body: text });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
  }

  async function stampLoginBody(): Promise<{ text: string; sessionKey: string }> {
    const sessionKey = (await newTestKey()).id;
    return { text: JSON.stringify(f.body('stamp_login', f.demoOrgId, { publicKey: sessionKey, expirationSeconds: '900' })), sessionKey };
  }

  /** The hosted client's sign-up with a wallet: the wallet's key as the one API key of the new user. */
  async function signUp(publicKey: string, curveType: string, configId = 'demo'): Promise<Answer> {
    return plainPost(
      `${f.urls.proxyUrl}/v1/signup_v2`,
      { userName: 'Wallet user', apiKeys: [{ apiKeyName: `wallet-auth:${publicKey}`, publicKey, curveType }], authenticators: [], oauthProviders: [] },
      { 'X-Auth-Proxy-Config-Id': configId },
    );
  }

  async function signUpAndLogIn(stamper: WalletStamper, curveType: string): Promise<{ publicKey: string; organizationId: string }> {
    const { text, sessionKey } = await stampLoginBody();
    const { stampHeaderName, stampHeaderValue } = await stamper.stamp(text);
    assert.equal(stampHeaderName, 'X-Stamp');
    const { publicKey } = decodeStamp(stampHeaderValue);
    // No account yet: the lookup by the wallet's key finds none.
    assert.deepEqual((await f.proxy('account', { filterType: 'PUBLIC_KEY', filterValue: publicKey })).json, {});
    const signup = await signUp(publicKey, curveType);
    assert.equal(signup.status, 200, JSON.stringify(signup.json));
    const organizationId = signup.json.organizationId as string;
    assert.equal((await f.proxy('account', { filterType: 'PUBLIC_KEY', filterValue: publicKey })).json.organizationId, organizationId);
    const login = await post('/public/v1/submit/stamp_login', text, stampHeaderValue);
    assert.equal(login.status, 200, JSON.stringify(login.json));
    const activity = login.json.activity as { status: string; organizationId: string; result: { stampLoginResult: { session: string } } };
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    // Addressed to the parent, run in the user's own sub-organization, as a passkey login is.
    assert.equal(activity.organizationId, organizationId);
    const claims = decodeJwt(activity.result.stampLoginResult.session).payload;
    assert.equal(claims.organization_id, organizationId);
    assert.equal(claims.public_key, sessionKey);
    assert.equal(claims.user_id, signup.json.userId);
    return { publicKey, organizationId };
  }

  it('Ethereum: the hosted stamper\'s EIP-191 stamp signs up, then logs in; a changed stamp is refused', async () => {
    const wallet = new TestEthereumWallet();
    const stamper = new WalletStamper(wallet);
    const { publicKey, organizationId } = await signUpAndLogIn(stamper, 'API_KEY_CURVE_SECP256K1');
    // The key is the wallet's: compressed secp256k1 (what the stamper recovered).
    assert.equal(publicKey, (await wallet.getPublicKey()).toLowerCase());
    assert.match(publicKey, /^0[23][0-9a-f]{64}$/);

    // Logged in again later with a new stamp; the key also stamps queries in its own organization.
    const again = await stampLoginBody();
    const header = (await stamper.stamp(again.text)).stampHeaderValue;
    assert.equal((await post('/public/v1/submit/stamp_login', again.text, header)).status, 200);
    const whoamiText = JSON.stringify({ organizationId });
    const whoami = await post('/public/v1/query/whoami', whoamiText, (await stamper.stamp(whoamiText)).stampHeaderValue);
    assert.equal(whoami.status, 200, JSON.stringify(whoami.json));
    assert.equal(whoami.json.organizationId, organizationId);

    const next = await stampLoginBody();
    const stamp = decodeStamp((await stamper.stamp(next.text)).stampHeaderValue);
    const stranger = new WalletStamper(new TestEthereumWallet());
    await assertNoStateChange(f.emulator, async () => {
      // One byte of the body changed after stamping.
      assertServiceError(await post('/public/v1/submit/stamp_login', next.text.replace('"900"', '"901"'), encodeStamp(stamp)), 401, 16, 'SIGNATURE_INVALID');
      // The signature of another body.
      const other = decodeStamp((await stamper.stamp(again.text)).stampHeaderValue);
      assertServiceError(await post('/public/v1/submit/stamp_login', next.text, encodeStamp({ ...stamp, signature: other.signature })), 401, 16, 'SIGNATURE_INVALID');
      // The same signature presented as a plain Keccak (no EIP-191 prefix) would need another scheme: P-256 refuses it.
      assertServiceError(await post('/public/v1/submit/stamp_login', next.text, encodeStamp({ ...stamp, scheme: 'SIGNATURE_SCHEME_TK_API_P256' })), 401, 16, 'SIGNATURE_INVALID');
      // Under the Ed25519 scheme the compressed key is not a key at all.
      assertServiceError(await post('/public/v1/submit/stamp_login', next.text, encodeStamp({ ...stamp, scheme: 'SIGNATURE_SCHEME_TK_API_ED25519' })), 401, 16, 'SIGNATURE_INVALID');
      // Not DER.
      assertServiceError(await post('/public/v1/submit/stamp_login', next.text, encodeStamp({ ...stamp, signature: `${stamp.signature}00` })), 401, 16, 'SIGNATURE_INVALID');
      // A valid wallet stamp by a key nobody signed up with.
      assertServiceError(await post('/public/v1/submit/stamp_login', next.text, (await stranger.stamp(next.text)).stampHeaderValue), 401, 16, 'PUBLIC_KEY_NOT_FOUND');
    });
  });

  it('Ethereum: a stamp whose r or s begins with a zero byte (the stamper keeps it: DER that is not minimal) is accepted', async () => {
    const wallet = new TestEthereumWallet();
    const stamper = new WalletStamper(wallet);
    const first = await stampLoginBody();
    const { publicKey } = decodeStamp((await stamper.stamp(first.text)).stampHeaderValue);
    assert.equal((await signUp(publicKey, 'API_KEY_CURVE_SECP256K1')).status, 200);
    // About one body in 128 gives such a signature: vary the session key's expiry until one does.
    let found: { text: string; header: string } | undefined;
    for (let seconds = 60; seconds < 60 + 4000 && !found; seconds++) {
      const text = JSON.stringify(f.body('stamp_login', f.demoOrgId, { publicKey: first.sessionKey, expirationSeconds: String(seconds) }));
      const header = (await stamper.stamp(text)).stampHeaderValue;
      const der = decodeStamp(header).signature;
      const rLength = parseInt(der.slice(6, 8), 16);
      const sAt = 8 + rLength * 2;
      if (der.slice(8, 10) === '00' && parseInt(der.slice(10, 12), 16) < 0x80) found = { text, header };
      else if (der.slice(sAt + 4, sAt + 6) === '00' && parseInt(der.slice(sAt + 6, sAt + 8), 16) < 0x80) found = { text, header };
    }
    assert.ok(found, 'no signature with a leading zero byte in 4000 tries');
    const answer = await post('/public/v1/submit/stamp_login', found.text, found.header);
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
  });

  it('Solana: the hosted stamper\'s Ed25519 stamp signs up, then logs in; a changed stamp is refused', async () => {
    const wallet = testSolanaWallet();
    const stamper = new WalletStamper(wallet);
    const { publicKey } = await signUpAndLogIn(stamper, 'API_KEY_CURVE_ED25519');
    assert.equal(publicKey, await wallet.getPublicKey());
    const next = await stampLoginBody();
    const stamp = decodeStamp((await stamper.stamp(next.text)).stampHeaderValue);
    assert.equal(stamp.scheme, 'SIGNATURE_SCHEME_TK_API_ED25519');
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await post('/public/v1/submit/stamp_login', next.text.replace('"900"', '"901"'), encodeStamp(stamp)), 401, 16, 'SIGNATURE_INVALID');
      assertServiceError(await post('/public/v1/submit/stamp_login', next.text, encodeStamp({ ...stamp, scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191' })), 401, 16, 'SIGNATURE_INVALID');
      assertServiceError(await post('/public/v1/submit/stamp_login', next.text, encodeStamp({ ...stamp, signature: stamp.signature.slice(2) })), 401, 16, 'SIGNATURE_INVALID');
      const stranger = new WalletStamper(testSolanaWallet());
      assertServiceError(await post('/public/v1/submit/stamp_login', next.text, (await stranger.stamp(next.text)).stampHeaderValue), 401, 16, 'PUBLIC_KEY_NOT_FOUND');
    });
  });

  it('a configuration without the wallet method refuses a wallet key at sign-up', async () => {
    const wallet = new TestEthereumWallet();
    const publicKey = await wallet.getPublicKey();
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await signUp(publicKey, 'API_KEY_CURVE_SECP256K1', 'no-wallet'), 403, 7);
    });
  });
});
