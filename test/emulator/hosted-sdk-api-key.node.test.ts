// Issue 38, item 4: the hosted SDKs against the emulator with an API key given at start
// (`--api-key`, the `demo` organization's root user), exactly as the emulator's README shows it:
// @turnkey/crypto makes the key pair, @turnkey/http + @turnkey/api-key-stamper call getWhoami,
// createWallet and signRawPayload; viem recovers the signer from the signature. The organization
// id comes from /__keys, as the README says.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TurnkeyClient } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { generateP256KeyPair } from '@turnkey/crypto';
import { recoverAddress, keccak256, toHex, serializeSignature } from 'viem';
import { createEmulator, type Emulator } from '../../demo/emulator/emulator.ts';
import { parseCliArgs } from '../../demo/emulator/cli-args.ts';

let emulator: Emulator;
let apiUrl: string;
const keyPair = generateP256KeyPair();
const other = generateP256KeyPair();

describe('the hosted HTTP client with an --api-key key', () => {
  before(async () => {
    // The flags as a person types them; the CLI hands apiKeys to createEmulator as rootApiKeys.
    const args = parseCliArgs(['--api-key', keyPair.publicKey.toUpperCase(), '--api-key', other.publicKey]);
    emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, rootApiKeys: args.apiKeys });
    ({ apiUrl } = await emulator.start());
  });
  after(() => emulator.stop());

  it("acts as the demo organization's root user: getWhoami, createWallet, signRawPayload", async () => {
    // README snippet, from here ...
    const { organizationId } = (await (await fetch(`${apiUrl}/__keys`)).json()) as { organizationId: string };
    const client = new TurnkeyClient({ baseUrl: apiUrl }, new ApiKeyStamper({ apiPublicKey: keyPair.publicKey, apiPrivateKey: keyPair.privateKey }));

    const me = await client.getWhoami({ organizationId });
    const created = await client.createWallet({
      type: 'ACTIVITY_TYPE_CREATE_WALLET',
      timestampMs: String(Date.now()),
      organizationId,
      parameters: {
        walletName: 'Backend wallet',
        accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
      },
    });
    const address = created.activity.result.createWalletResult!.addresses[0]!;
    const payload = keccak256(toHex('hello from the backend'));
    const signed = await client.signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: String(Date.now()),
      organizationId,
      parameters: { signWith: address, payload, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' },
    });
    const { r, s, v } = signed.activity.result.signRawPayloadResult!;
    // ... to here.

    assert.equal(me.organizationId, organizationId);
    assert.equal(me.username, 'Root User');
    assert.equal(created.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const signer = await recoverAddress({ hash: payload, signature: serializeSignature({ r: `0x${r}`, s: `0x${s}`, yParity: Number.parseInt(v, 16) }) });
    assert.equal(signer.toLowerCase(), address.toLowerCase(), "the wallet's key signed");

    // get_organization, the hosted v1OrganizationData: the root user, the wallet just made.
    const { organizationData } = await client.getOrganization({ organizationId });
    assert.equal(organizationData.organizationId, organizationId);
    assert.deepEqual(organizationData.rootQuorum, { threshold: 1, userIds: [me.userId] });
    assert.ok(organizationData.users?.some((u) => u.userId === me.userId && u.apiKeys.some((k) => k.credential.publicKey === keyPair.publicKey)));
    assert.deepEqual(
      organizationData.wallets?.map((w) => w.walletId),
      [created.activity.result.createWalletResult!.walletId],
    );
    assert.deepEqual([organizationData.invitations, organizationData.tags, organizationData.privateKeys], [[], [], []]);

    // update_wallet renames it; an unknown wallet is refused and changes nothing.
    const renamed = await client.updateWallet({ type: 'ACTIVITY_TYPE_UPDATE_WALLET', timestampMs: String(Date.now()), organizationId, parameters: { walletId: created.activity.result.createWalletResult!.walletId, walletName: 'Treasury' } });
    assert.equal(renamed.activity.result.updateWalletResult?.walletId, created.activity.result.createWalletResult!.walletId);
    const before = emulator.state.snapshot();
    await assert.rejects(
      client.updateWallet({ type: 'ACTIVITY_TYPE_UPDATE_WALLET', timestampMs: String(Date.now()), organizationId, parameters: { walletId: 'no-such-wallet', walletName: 'X' } }),
      (error: { code?: number }) => error.code === 5,
    );
    await assert.rejects(
      client.updateWallet({ type: 'ACTIVITY_TYPE_UPDATE_WALLET', timestampMs: String(Date.now()), organizationId, parameters: { walletId: created.activity.result.createWalletResult!.walletId, walletName: 'x'.repeat(257) } }),
      (error: { code?: number }) => error.code === 3,
    );
    assert.deepEqual(emulator.state.snapshot(), before, 'refusals change nothing');
    const { wallet } = await client.getWallet({ organizationId, walletId: created.activity.result.createWalletResult!.walletId });
    assert.equal(wallet.walletName, 'Treasury');

    // The second --api-key is the same root user's.
    const second = new TurnkeyClient({ baseUrl: apiUrl }, new ApiKeyStamper({ apiPublicKey: other.publicKey, apiPrivateKey: other.privateKey }));
    assert.equal((await second.getWhoami({ organizationId })).userId, me.userId);
  });

  it('refuses a key that was not given, in the service error shape', async () => {
    const { organizationId } = (await (await fetch(`${apiUrl}/__keys`)).json()) as { organizationId: string };
    const stranger = generateP256KeyPair();
    const client = new TurnkeyClient({ baseUrl: apiUrl }, new ApiKeyStamper({ apiPublicKey: stranger.publicKey, apiPrivateKey: stranger.privateKey }));
    await assert.rejects(client.getWhoami({ organizationId }), (error: { code?: number; details?: { turnkeyErrorCode?: string }[] }) => error.code === 16 && error.details?.[0]?.turnkeyErrorCode === 'PUBLIC_KEY_NOT_FOUND');
  });

  it('refuses, at start, a key that is no point of P-256', async () => {
    const bad = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, rootApiKeys: [`02${'ff'.repeat(32)}`] });
    await assert.rejects(bad.start(), { code: 'ERR_CONFIG_INVALID' });
    await bad.stop().catch(() => undefined);
  });
});
