// Issue 10, the hosted service's own client against the emulator: `@turnkey/core`'s
// TurnkeyClient, unchanged, in Debian Chromium (it is a browser client: IndexedDB keys,
// localStorage sessions), pointed at an emulator on 127.0.0.1, through every call that
// `@turnkey/react-wallet-kit` makes for these flows. Signatures are checked by viem, bundles
// by `@turnkey/crypto`. Two steps cannot pass by design, and are asserted as refusals: the
// client pins hosted keys there with no override (the OTP encryption bundle's signer in
// verifyOtp, the AWS Nitro root in verifyAppProofs); each test says so in its name. And
// @turnkey/crypto's verifyOtpVerificationToken refuses the v1 otp_verify token, as it refuses a
// real one of the hosted service's older flow (test/vectors/legacy-verification-token.json).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { recoverMessageAddress } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { oidcNonce } from '../../../src/tokens/oidc-nonce.ts';
import { openConsent, startCallback, submitConsent, type Callback } from '../../emulator/support/oauth-browser.ts';
import { expectValue, inPage, startReferenceHarness, type ReferenceHarness } from './reference-client.ts';

interface WalletAccount {
  address: string;
  addressFormat: string;
  walletId: string;
}
interface Wallet {
  walletId: string;
  walletName: string;
  accounts: WalletAccount[];
}
interface User {
  userId: string;
  userEmail?: string;
  userPhoneNumber?: string;
  apiKeys: { apiKeyName: string; credential: { publicKey: string } }[];
}
interface Session {
  token: string;
  userId: string;
  organizationId: string;
  publicKey: string;
}

describe('the hosted reference client (@turnkey/core TurnkeyClient) against the emulator', { timeout: 240_000 }, () => {
  let h: ReferenceHarness;
  let callback: Callback;
  const email = `reference.${Date.now()}@example.com`;
  let userId = '';
  let subOrgId = '';
  let wallet: Wallet;

  before(async () => {
    h = await startReferenceHarness();
    callback = await startCallback();
    const config = { apiBaseUrl: h.emu.urls.apiUrl, authProxyUrl: h.emu.urls.proxyUrl, authProxyConfigId: 'demo', organizationId: h.parentOrganizationId };
    await expectValue(h, 'async (config) => { window.tk = new window.TurnkeyClient(config); await window.tk.init(); return true; }', config);
  }, { timeout: 120_000 });

  after(async () => {
    await callback?.close();
    await h?.close();
  });

  const session = () => expectValue<Session>(h, 'async () => window.tk.getSession()');

  /**
   * Logs out, then in again through the seed's v1 endpoints (proxyInitOtp, proxyVerifyOtp with a
   * key of the client's own) and the client's loginWithOtp. `sent`: codes mailed so far.
   * Returns the verification token it used.
   */
  async function loginWithOtpV1(sent: number): Promise<string> {
    await expectValue(h, 'async () => { await window.tk.logout(); return true; }');
    const { otpId } = await expectValue<{ otpId: string }>(h, 'async (contact) => window.tk.httpClient.proxyInitOtp({ otpType: "OTP_TYPE_EMAIL", contact })', email);
    const code = await h.emu.latestCode(email, { after: sent });
    const { verificationToken } = await expectValue<{ verificationToken: string }>(h, `async (a) => {
      const publicKey = await window.tk.createApiKeyPair();
      return window.tk.httpClient.proxyVerifyOtp({ otpId: a.otpId, otpCode: a.code, publicKey });
    }`, { otpId, code });
    await expectValue(h, 'async (verificationToken) => window.tk.loginWithOtp({ verificationToken })', verificationToken);
    return verificationToken;
  }

  it('getProxyAuthConfig and the client params of the current proxy generation', async () => {
    const config = await expectValue<{ enabledProviders: string[]; organizationId: string }>(h, 'async () => window.tk.getProxyAuthConfig()');
    assert.ok(config.enabledProviders.includes('email'));
    assert.equal(config.organizationId, h.parentOrganizationId);
    assert.deepEqual(await expectValue(h, 'async () => window.tk.httpClient.proxyGetWalletKitClientParams({})'), {});
  });

  it('OTP, current generation: initOtp; the client\'s own verifyOtp is refused (it pins the hosted bundle signer, no override)', async () => {
    const init = await expectValue<{ otpId: string; otpEncryptionTargetBundle: string }>(h, 'async (contact) => window.tk.initOtp({ otpType: "OTP_TYPE_EMAIL", contact })', email);
    assert.ok(init.otpId && JSON.parse(init.otpEncryptionTargetBundle).enclaveQuorumPublic === h.keys.otpEncryptionSignerPublicKey);
    const code = await h.emu.latestCode(email);
    const refused = await inPage(h, 'async (a) => window.tk.verifyOtp({ otpId: a.otpId, otpCode: a.code, otpEncryptionTargetBundle: a.bundle, contact: a.email, otpType: "OTP_TYPE_EMAIL" })', {
      otpId: init.otpId, code, bundle: init.otpEncryptionTargetBundle, email,
    });
    assert.equal(refused.ok, false);
    assert.match(!refused.ok ? refused.cause : '', /expected signer key [0-9a-f]+ does not match signer key from bundle/);
  });

  it('OTP, current generation: the code sealed with @turnkey/crypto, otp_verify_v2, signUpWithOtp (signup_v2 + stamp_login with X-Stamp-Attested), fetchUser', async () => {
    const init = await expectValue<{ otpId: string; otpEncryptionTargetBundle: string }>(h, 'async (contact) => window.tk.initOtp({ otpType: "OTP_TYPE_EMAIL", contact })', email);
    const code = await h.emu.latestCode(email, { after: 1 });
    const { verificationToken, publicKey } = await expectValue<{ verificationToken: string; publicKey: string }>(h, `async (a) => {
      const publicKey = await window.tk.createApiKeyPair();
      const encryptedOtpBundle = await window.turnkeyCrypto.encryptOtpCodeToBundle(a.code, a.bundle, publicKey, a.signer);
      const { verificationToken } = await window.tk.httpClient.proxyVerifyOtpV2({ otpId: a.otpId, encryptedOtpBundle });
      return { verificationToken, publicKey };
    }`, { otpId: init.otpId, code, bundle: init.otpEncryptionTargetBundle, signer: h.keys.otpEncryptionSignerPublicKey });
    // The hosted check of the token, given the emulator's signer.
    const claims = await expectValue<Record<string, string>>(h, 'async (a) => window.turnkeyCrypto.verifyOtpVerificationToken(a.token, a.key)', { token: verificationToken, key: h.keys.verificationTokenPublicKey });
    assert.equal(claims.public_key, publicKey);
    assert.equal(claims.contact, email);
    assert.match(claims.exp!, /^\d{13}$/);

    const signed = await expectValue<{ sessionToken: string }>(h, 'async (a) => window.tk.signUpWithOtp({ verificationToken: a.token, contact: a.email, otpType: "OTP_TYPE_EMAIL" })', { token: verificationToken, email });
    assert.match(signed.sessionToken, /^ey/);
    const current = await session();
    assert.equal(current.publicKey, publicKey);
    userId = current.userId;
    subOrgId = current.organizationId;
    assert.notEqual(subOrgId, h.parentOrganizationId);
    const user = await expectValue<User>(h, 'async () => window.tk.fetchUser()');
    assert.equal(user.userId, userId);
    assert.equal(user.userEmail, email);
  });

  it('wallets: createWallet, fetchWallets, createWalletAccounts, fetchPrivateKeys', async () => {
    const walletId = await expectValue<string>(h, 'async () => window.tk.createWallet({ walletName: "Main", accounts: ["ADDRESS_FORMAT_ETHEREUM", "ADDRESS_FORMAT_SOLANA"] })');
    const wallets = await expectValue<Wallet[]>(h, 'async () => window.tk.fetchWallets()');
    wallet = wallets.find((w) => w.walletId === walletId)!;
    assert.deepEqual(wallet.accounts.map((a) => a.addressFormat), ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_SOLANA']);
    const added = await expectValue<string[]>(h, 'async (walletId) => window.tk.createWalletAccounts({ walletId, accounts: ["ADDRESS_FORMAT_ETHEREUM"] })', walletId);
    assert.equal(added.length, 1);
    assert.match(added[0]!, /^0x[0-9a-fA-F]{40}$/);
    assert.deepEqual(await expectValue(h, 'async () => window.tk.fetchPrivateKeys()'), []);
  });

  it('signMessage with the EIP-191 prefix: viem recovers the account\'s address', async () => {
    const account = wallet.accounts.find((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')!;
    const message = 'Sign in to the reference test ✓';
    const signature = await expectValue<{ r: string; s: string; v: string }>(h, 'async (a) => window.tk.signMessage({ message: a.message, walletAccount: a.account, addEthereumPrefix: true })', { message, account });
    const v = Number.parseInt(signature.v, 16);
    const recovered = await recoverMessageAddress({ message, signature: `0x${signature.r}${signature.s}${(v < 27 ? v + 27 : v).toString(16)}` });
    assert.equal(recovered.toLowerCase(), account.address.toLowerCase());
    const other = await recoverMessageAddress({ message: `${message}!`, signature: `0x${signature.r}${signature.s}${(v < 27 ? v + 27 : v).toString(16)}` });
    assert.notEqual(other.toLowerCase(), account.address.toLowerCase());
  });

  it('OTP, seed generation (v1 endpoints), then loginWithOtp and refreshSession', async () => {
    const verificationToken = await loginWithOtpV1(2);
    // The v1 token is the hosted service's older format, which @turnkey/crypto's check (made for
    // the enclave's v2 tokens) refuses; it refuses a real hosted v1 token for the same claim.
    const real = JSON.parse(await readFile(new URL('../../vectors/legacy-verification-token.json', import.meta.url), 'utf8')) as { token: string; signerPublicKeyHex: string };
    const check = 'async (a) => window.turnkeyCrypto.verifyOtpVerificationToken(a.token, a.key)';
    const ours = await inPage(h, check, { token: verificationToken, key: h.keys.verificationTokenPublicKey });
    const theirs = await inPage(h, check, { token: real.token, key: real.signerPublicKeyHex });
    assert.equal(ours.ok, false);
    assert.equal(theirs.ok, false);
    assert.equal(!ours.ok && ours.error, !theirs.ok && theirs.error);
    assert.match(!ours.ok ? ours.error : '', /missing required 'organization_id' claim/);
    const first = await session();
    assert.equal(first.userId, userId);
    // A used token does not log in twice.
    const again = await inPage(h, 'async (verificationToken) => window.tk.loginWithOtp({ verificationToken })', verificationToken);
    assert.equal(again.ok, false);
    await expectValue(h, 'async () => window.tk.refreshSession()');
    const refreshed = await session();
    assert.equal(refreshed.userId, userId);
    assert.notEqual(refreshed.publicKey, first.publicKey);
  });

  it('export a wallet (decrypted by @turnkey/crypto with the emulator enclave key) and import a private key', async () => {
    const exported = await expectValue<string>(h, `async (a) => {
      const target = window.turnkeyCrypto.generateP256KeyPair();
      const exportBundle = await window.tk.exportWallet({ walletId: a.walletId, targetPublicKey: target.publicKeyUncompressed });
      return window.turnkeyCrypto.decryptExportBundle({ exportBundle, embeddedKey: target.privateKey, organizationId: a.org, returnMnemonic: true, dangerouslyOverrideSignerPublicKey: a.enclave });
    }`, { walletId: wallet.walletId, org: subOrgId, enclave: h.keys.enclavePublicKey });
    assert.equal(exported.split(' ').length >= 12, true);

    const privateKey = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
    const importedId = await expectValue<string>(h, `async (a) => {
      const { importBundle } = (await window.tk.httpClient.initImportPrivateKey({ userId: a.userId })).activity.result.initImportPrivateKeyResult;
      const encryptedBundle = await window.turnkeyCrypto.encryptPrivateKeyToBundle({ privateKey: a.key, keyFormat: 'HEXADECIMAL', importBundle, userId: a.userId, organizationId: a.org, dangerouslyOverrideSignerPublicKey: a.enclave });
      return window.tk.importPrivateKey({ encryptedBundle, privateKeyName: 'Imported', curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] });
    }`, { userId, org: subOrgId, key: privateKey, enclave: h.keys.enclavePublicKey });
    const keys = await expectValue<{ privateKeyId: string; addresses: { address: string }[] }[]>(h, 'async () => window.tk.fetchPrivateKeys()');
    assert.deepEqual(keys.map((k) => k.privateKeyId), [importedId]);
    // The address of this key, as every Ethereum tool derives it.
    assert.equal(keys[0]!.addresses[0]!.address, privateKeyToAddress(`0x${privateKey}`));
  });

  it('API keys and a read-write session (its credential bundle opened by @turnkey/crypto)', async () => {
    const { publicKey, bundleKey } = await expectValue<{ publicKey: string; bundleKey: string }>(h, `async (a) => {
      const apiKey = window.turnkeyCrypto.generateP256KeyPair();
      await window.tk.httpClient.createApiKeys({ userId: a.userId, apiKeys: [{ apiKeyName: 'reference key', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }] });
      const target = window.turnkeyCrypto.generateP256KeyPair();
      const answer = await window.tk.httpClient.createReadWriteSession({ targetPublicKey: target.publicKeyUncompressed, userId: a.userId });
      const result = answer.activity.result.createReadWriteSessionResultV2;
      const bundleKey = window.turnkeyCrypto.decryptCredentialBundle(result.credentialBundle, target.privateKey);
      return { publicKey: apiKey.publicKey, bundleKey };
    }`, { userId });
    assert.match(bundleKey, /^[0-9a-f]{64}$/);
    const user = await expectValue<User>(h, 'async () => window.tk.fetchUser()');
    assert.ok(user.apiKeys.some((k) => k.credential.publicKey === publicKey));
  });

  it('phone number without a verification token (stored unverified, as the hosted API documents), and policies', async () => {
    await expectValue(h, 'async () => window.tk.updateUserPhoneNumber({ phoneNumber: "+15555550123" })');
    const user = await expectValue<User>(h, 'async () => window.tk.fetchUser()');
    assert.equal(user.userPhoneNumber, '+15555550123');
    const policies = { policies: [{ policyName: 'reference allow', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'WALLET'", consensus: `approvers.any(user, user.id == '${userId}')`, notes: '' }] };
    const created = await expectValue<unknown[]>(h, 'async (p) => window.tk.fetchOrCreatePolicies(p)', policies);
    assert.equal(created.length, 1);
  });

  it('on-ramp by the hosted names (init_fiat_on_ramp with COINBASE and APPLE_PAY), a US purchaser\'s state as the hosted type documents it ("NY")', async () => {
    const account = wallet.accounts.find((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')!;
    const answer = await expectValue<{ activity: { result: { initFiatOnRampResult: { onRampUrl: string } } } }>(h, `async (a) => window.tk.httpClient.initFiatOnRamp({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE', walletAddress: a.address, network: 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM',
      cryptoCurrencyCode: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH', paymentMethod: 'FIAT_ON_RAMP_PAYMENT_METHOD_APPLE_PAY', sandboxMode: true,
      countryCode: 'US', countrySubdivisionCode: 'NY',
    })`, { address: account.address });
    assert.match(answer.activity.result.initFiatOnRampResult.onRampUrl, /^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('OAuth: signUpWithOauth, then loginWithOauth (stamp_login with X-Stamp-Attested, OIDC scheme), each with an id_token from the emulator provider', async () => {
    const idTokenFor = async (publicKey: string, person: string): Promise<string> => {
      const form = await openConsent(`${h.emu.urls.oauthUrl}/google/authorize?${new URLSearchParams({
        client_id: 'latchkey-demo-google', redirect_uri: callback.url, response_type: 'code', scope: 'openid email', state: 'reference', nonce: await oidcNonce(publicKey),
      })}`);
      await submitConsent(form, 'allow', person);
      const answer = await fetch(`${h.emu.urls.oauthUrl}/google/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: callback.last()!.get('code')!, redirect_uri: callback.url, client_id: 'latchkey-demo-google' }),
      });
      return ((await answer.json()) as { id_token: string }).id_token;
    };
    const person = `oauth.${Date.now()}@example.com`;
    await expectValue(h, 'async () => { await window.tk.logout(); return true; }');
    const signupKey = await expectValue<string>(h, 'async () => window.tk.createApiKeyPair()');
    await expectValue(h, 'async (a) => window.tk.signUpWithOauth({ oidcToken: a.token, publicKey: a.key, providerName: "google" })', { token: await idTokenFor(signupKey, person), key: signupKey });
    const signedUp = await session();
    assert.equal(signedUp.publicKey, signupKey);

    await expectValue(h, 'async () => { await window.tk.logout(); return true; }');
    const loginKey = await expectValue<string>(h, 'async () => window.tk.createApiKeyPair()');
    await expectValue(h, 'async (a) => window.tk.loginWithOauth({ oidcToken: a.token, publicKey: a.key })', { token: await idTokenFor(loginKey, person), key: loginKey });
    const loggedIn = await session();
    assert.equal(loggedIn.userId, signedUp.userId);
    assert.equal(loggedIn.publicKey, loginKey);
    // A token whose nonce binds another key is refused.
    const strayKey = await expectValue<string>(h, 'async () => window.tk.createApiKeyPair()');
    const stray = await inPage(h, 'async (a) => window.tk.loginWithOauth({ oidcToken: a.token, publicKey: a.key })', { token: await idTokenFor(loginKey, person), key: strayKey });
    assert.equal(stray.ok, false);
  });

  it('verifyAppProofs is refused: the client pins the AWS Nitro root, which an emulator cannot chain to (no override)', async () => {
    await loginWithOtpV1(3);
    const refused = await inPage(h, `async () => {
      const answer = await window.tk.httpClient.createWallet({ walletName: 'Proved', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }], generateAppProofs: true });
      if (!answer.activity.appProofs?.length) throw new Error('no app proofs');
      return window.tk.verifyAppProofs({ appProofs: answer.activity.appProofs });
    }`);
    assert.equal(refused.ok, false);
    assert.doesNotMatch(!refused.ok ? refused.error : '', /no app proofs/);
  });

  it('the page saw no uncaught errors', () => {
    assert.deepEqual(h.problems.pageErrors, []);
  });
});
