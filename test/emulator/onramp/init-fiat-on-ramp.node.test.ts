// init_fiat_on_ramp over real HTTP: every rule of the seed with its bad inputs (400, service
// error shape, no state change), the sandbox provider page and its buttons, the status query,
// onRampUrlSignature (HMAC-SHA256, checked here with node:crypto and by the sandbox page), and
// the on-ramp credentials (list, delete).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { startFixture, resultOf } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { clientFor } from '../policy/org-users.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import type { ActivityClient } from '../../../src/clients/activity-client.ts';

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const SOL_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const BTC_ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

const base = { onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE', network: 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM', cryptoCurrencyCode: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH', walletAddress: ETH_ADDRESS };

interface Page {
  status: number;
  html: string;
}

async function getPage(url: string): Promise<Page> {
  const response = await fetch(url);
  return { status: response.status, html: await response.text() };
}

/** "Clicks" a button of the sandbox page: submits the form around it, as a browser would. */
async function click(pageUrl: string, html: string, buttonId: string): Promise<Page> {
  const match = new RegExp(`<form method="post" action="([^"]+)"><button id="${buttonId}"`).exec(html);
  assert.ok(match, `the page has a #${buttonId} button in a form`);
  const response = await fetch(new URL(match[1]!.replace(/&amp;/g, '&'), pageUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  return { status: response.status, html: await response.text() };
}

const statusOf = (html: string) => /id="onramp-status" data-status="([A-Z]+)"/.exec(html)?.[1];

describe('init_fiat_on_ramp', () => {
  let f: Fixture;
  let root: ActivityClient;
  let subOrgId: string;
  const init = async (parameters: Record<string, unknown>, organizationId = f.demoOrgId) =>
    resultOf(await f.submit('init_fiat_on_ramp', organizationId, parameters)) as { onRampUrl: string; onRampTransactionId: string; onRampUrlSignature?: string };
  const txStatus = async (transactionId: string, organizationId = f.demoOrgId) => f.query('get_onramp_transaction_status', { organizationId, transactionId });

  before(async () => {
    f = await startFixture();
    root = clientFor(f, f.root);
    subOrgId = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, { subOrganizationName: 'sub', rootUsers: [{ userName: 'r', apiKeys: [], authenticators: [], oauthProviders: [] }] }),
    ).subOrganizationId as string;
  });
  after(() => f.stop());

  it('starts a flow at a sandbox page on the API origin, PENDING until a button settles it', async () => {
    const activity = await root.submit('init_fiat_on_ramp', { organizationId: f.demoOrgId, parameters: { ...base, fiatCurrencyCode: 'FIAT_ON_RAMP_CURRENCY_EUR', fiatCurrencyAmount: '20.01', sandboxMode: true } as never });
    const result = root.result(activity);
    assert.equal(activity.type, 'ACTIVITY_TYPE_INIT_FIAT_ON_RAMP');
    assert.ok(result.onRampUrl.startsWith(`${f.urls.apiUrl}/__onramp/${result.onRampTransactionId}?`), result.onRampUrl);
    assert.equal(result.onRampUrlSignature, undefined, 'no signature unless urlForSignature is given');
    assert.deepEqual((await txStatus(result.onRampTransactionId)).json, { transactionStatus: 'PENDING' });

    const page = await getPage(result.onRampUrl);
    assert.equal(page.status, 200);
    assert.equal(statusOf(page.html), 'PENDING');
    assert.match(page.html, /id="onramp-fail"/);
    assert.match(page.html, /20\.01 EUR/);

    const done = await click(result.onRampUrl, page.html, 'onramp-complete');
    assert.equal(done.status, 200);
    assert.equal(statusOf(done.html), 'COMPLETED');
    assert.deepEqual((await txStatus(result.onRampTransactionId)).json, { transactionStatus: 'COMPLETED' });
    const settled = await getPage(result.onRampUrl);
    assert.doesNotMatch(settled.html, /id="onramp-complete"/, 'a finished flow has no buttons');
    // A finished transaction stays finished.
    const again = await fetch(`${f.urls.apiUrl}/__onramp/${result.onRampTransactionId}/fail`, { method: 'POST' });
    assert.equal(again.status, 409);
    assert.deepEqual((await txStatus(result.onRampTransactionId)).json, { transactionStatus: 'COMPLETED' });
  });

  it('fails a flow with the #onramp-fail button', async () => {
    const { onRampUrl, onRampTransactionId } = await init(base);
    const page = await getPage(onRampUrl);
    const failed = await click(onRampUrl, page.html, 'onramp-fail');
    assert.equal(statusOf(failed.html), 'FAILED');
    assert.deepEqual((await txStatus(onRampTransactionId)).json, { transactionStatus: 'FAILED' });
  });

  it('accepts every value of every enum, by the hosted names', async () => {
    const networks: [string, string, string][] = [
      ['FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN', 'FIAT_ON_RAMP_CRYPTO_CURRENCY_BTC', BTC_ADDRESS],
      ['FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM', 'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH', ETH_ADDRESS],
      ['FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA', 'FIAT_ON_RAMP_CRYPTO_CURRENCY_SOL', SOL_ADDRESS],
      ['FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE', 'FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC', ETH_ADDRESS],
    ];
    for (const provider of ['FIAT_ON_RAMP_PROVIDER_COINBASE', 'FIAT_ON_RAMP_PROVIDER_MOONPAY']) {
      for (const [network, cryptoCurrencyCode, walletAddress] of networks) {
        await init({ onrampProvider: provider, network, cryptoCurrencyCode, walletAddress });
      }
    }
    const fiat = 'AUD BGN BRL CAD CHF COP CZK DKK DOP EGP EUR GBP HKD IDR ILS JOD KES KWD LKR MXN NGN NOK NZD OMR PEN PLN RON SEK THB TRY TWD USD VND ZAR'.split(' ');
    for (const code of fiat) await init({ ...base, fiatCurrencyCode: `FIAT_ON_RAMP_CURRENCY_${code}` });
    const methods = 'CREDIT_DEBIT_CARD APPLE_PAY GBP_BANK_TRANSFER GBP_OPEN_BANKING_PAYMENT GOOGLE_PAY SEPA_BANK_TRANSFER PIX_INSTANT_PAYMENT PAYPAL VENMO MOONPAY_BALANCE CRYPTO_ACCOUNT FIAT_WALLET ACH_BANK_ACCOUNT'.split(' ');
    for (const method of methods) await init({ ...base, paymentMethod: `FIAT_ON_RAMP_PAYMENT_METHOD_${method}` });
    // The subdivision as the hosted intent documents it: the part after "US-", e.g. NY.
    await init({ ...base, countryCode: 'US', countrySubdivisionCode: 'NY', fiatCurrencyAmount: '21' });
    await init({ ...base, countryCode: 'US', countrySubdivisionCode: 'DC' });
    await init({ ...base, countryCode: 'GB' });
    await init({ ...base, countryCode: 'CA', countrySubdivisionCode: 'ON' });
    await init({ ...base, countryCode: 'GB', countrySubdivisionCode: 'ENG' });
  });

  it('refuses every broken rule with 400 REQUEST_INVALID naming the field, and stores nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ ...base, onrampProvider: undefined }, 'parameters.onrampProvider'],
      [{ ...base, onrampProvider: 'FIAT_ON_RAMP_PROVIDER_PROVIDERC' }, 'parameters.onrampProvider'],
      // The seed's neutral words: the hosted service refuses them, and so does the emulator.
      [{ ...base, onrampProvider: 'FIAT_ON_RAMP_PROVIDER_PROVIDERA' }, 'parameters.onrampProvider'],
      [{ ...base, onrampProvider: 'FIAT_ON_RAMP_PROVIDER_PROVIDERB' }, 'parameters.onrampProvider'],
      [{ ...base, paymentMethod: 'FIAT_ON_RAMP_PAYMENT_METHOD_WALLETA_PAY' }, 'parameters.paymentMethod'],
      [{ ...base, paymentMethod: 'FIAT_ON_RAMP_PAYMENT_METHOD_PROVIDERB_BALANCE' }, 'parameters.paymentMethod'],
      [{ ...base, network: 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_POLYGON' }, 'parameters.network'],
      [{ ...base, network: undefined }, 'parameters.network'],
      [{ ...base, cryptoCurrencyCode: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_DOGE' }, 'parameters.cryptoCurrencyCode'],
      [{ ...base, cryptoCurrencyCode: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_BTC' }, 'parameters.cryptoCurrencyCode'],
      [{ ...base, fiatCurrencyCode: 'FIAT_ON_RAMP_CURRENCY_JPY' }, 'parameters.fiatCurrencyCode'],
      [{ ...base, fiatCurrencyCode: 'USD' }, 'parameters.fiatCurrencyCode'],
      [{ ...base, paymentMethod: 'FIAT_ON_RAMP_PAYMENT_METHOD_CASH' }, 'parameters.paymentMethod'],
      [{ ...base, fiatCurrencyAmount: '20' }, 'greater than 20'],
      [{ ...base, fiatCurrencyAmount: '20.00' }, 'greater than 20'],
      [{ ...base, fiatCurrencyAmount: '19.99' }, 'greater than 20'],
      [{ ...base, fiatCurrencyAmount: '0' }, 'greater than 20'],
      [{ ...base, fiatCurrencyAmount: '-25' }, 'parameters.fiatCurrencyAmount'],
      [{ ...base, fiatCurrencyAmount: '1e3' }, 'parameters.fiatCurrencyAmount'],
      [{ ...base, fiatCurrencyAmount: 'twenty-five' }, 'parameters.fiatCurrencyAmount'],
      [{ ...base, fiatCurrencyAmount: 25 }, 'parameters.fiatCurrencyAmount'],
      [{ ...base, countryCode: 'US' }, 'countrySubdivisionCode is required'],
      [{ ...base, countryCode: 'US', countrySubdivisionCode: '' }, 'countrySubdivisionCode is required'],
      // The whole ISO 3166-2 code is not what the hosted field holds.
      [{ ...base, countryCode: 'US', countrySubdivisionCode: 'US-NY' }, 'e.g. "NY" (not "US-NY")'],
      [{ ...base, countryCode: 'CA', countrySubdivisionCode: 'CA-ON' }, 'e.g. "NY" (not "US-NY")'],
      [{ ...base, countryCode: 'US', countrySubdivisionCode: 'ny' }, 'parameters.countrySubdivisionCode'],
      [{ ...base, countryCode: 'US', countrySubdivisionCode: 'NEWY' }, 'parameters.countrySubdivisionCode'],
      [{ ...base, countryCode: 'US', countrySubdivisionCode: 'ZZ' }, 'not a subdivision of the United States'],
      [{ ...base, countryCode: 'US', countrySubdivisionCode: 'ON' }, 'not a subdivision of the United States'],
      [{ ...base, countryCode: 'USA', countrySubdivisionCode: 'NY' }, 'parameters.countryCode'],
      [{ ...base, countryCode: 'us', countrySubdivisionCode: 'NY' }, 'parameters.countryCode'],
      [{ ...base, countryCode: 'XX' }, 'parameters.countryCode'],
      [{ ...base, countryCode: 1 }, 'parameters.countryCode'],
      [{ ...base, walletAddress: undefined }, 'parameters.walletAddress'],
      [{ ...base, walletAddress: SOL_ADDRESS }, 'parameters.walletAddress'],
      [{ ...base, walletAddress: 12 }, 'parameters.walletAddress'],
      [{ ...base, sandboxMode: 'yes' }, 'parameters.sandboxMode'],
      [{ ...base, urlForSignature: 'not a url' }, 'parameters.urlForSignature'],
      [{ ...base, urlForSignature: 'ftp://example.com/x' }, 'parameters.urlForSignature'],
    ];
    for (const [parameters, message] of bad) {
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('init_fiat_on_ramp', f.demoOrgId, parameters), 400, 3, 'REQUEST_INVALID', message);
      });
    }
  });

  it('signs urlForSignature with HMAC-SHA256 (base64) over its query string, keyed with the on-ramp credential', async () => {
    const target = 'https://buy.example/widget?apiKey=pk_test_1&currencyCode=eth&walletAddress=0xabc';
    const result = await init({ ...base, urlForSignature: target });
    const credential = f.emulator.state.read.fiatOnRampCredentials
      .values()
      .find((c) => c.organizationId === f.demoOrgId && c.onrampProvider === base.onrampProvider)!;
    const expected = createHmac('sha256', Buffer.from(credential.secretHex, 'hex')).update(new URL(target).search).digest('base64');
    assert.equal(result.onRampUrlSignature, expected);
    const other = await init({ ...base, urlForSignature: `${target}&baseCurrencyAmount=100` });
    assert.notEqual(other.onRampUrlSignature, expected, 'another URL, another signature');
  });

  it('has the sandbox page check a signature the way the provider does: valid passes, tampered is refused', async () => {
    const flow = await init(base);
    const { onRampUrlSignature } = await init({ ...base, urlForSignature: flow.onRampUrl });
    assert.ok(onRampUrlSignature);
    const signed = `${flow.onRampUrl}&signature=${encodeURIComponent(onRampUrlSignature)}`;
    const good = await getPage(signed);
    assert.equal(good.status, 200);
    assert.match(good.html, /id="onramp-signature" data-valid="true"/);

    const flipped = onRampUrlSignature.startsWith('A') ? `B${onRampUrlSignature.slice(1)}` : `A${onRampUrlSignature.slice(1)}`;
    const tamperedSignature = await getPage(`${flow.onRampUrl}&signature=${encodeURIComponent(flipped)}`);
    assert.equal(tamperedSignature.status, 403);
    assert.match(tamperedSignature.html, /data-valid="false"/);
    assert.doesNotMatch(tamperedSignature.html, /onramp-complete/);
    const tamperedUrl = await getPage(`${flow.onRampUrl.replace('walletAddress=0x5', 'walletAddress=0x6')}&signature=${encodeURIComponent(onRampUrlSignature)}`);
    assert.equal(tamperedUrl.status, 403);
  });

  it('lists the organization\'s on-ramp credentials and deletes one: its signatures stop verifying, a new one is made on next use', async () => {
    const flow = await init(base);
    const { onRampUrlSignature } = await init({ ...base, urlForSignature: flow.onRampUrl });
    await init({ ...base, onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY' });
    const listed = (await f.query('list_fiat_on_ramp_credentials', { organizationId: f.demoOrgId })).json.fiatOnRampCredentials as { fiatOnrampCredentialId: string; onrampProvider: string; publishableApiKey: string }[];
    assert.deepEqual(listed.map((c) => c.onrampProvider).sort(), ['FIAT_ON_RAMP_PROVIDER_COINBASE', 'FIAT_ON_RAMP_PROVIDER_MOONPAY']);
    assert.ok(listed.every((c) => c.publishableApiKey.startsWith('pk_test_')));
    assert.ok(!JSON.stringify(listed).includes('secret'), 'secrets are never listed');
    const providerA = listed.find((c) => c.onrampProvider === 'FIAT_ON_RAMP_PROVIDER_COINBASE')!;

    const deleted = await root.submit('delete_fiat_on_ramp_credential', { organizationId: f.demoOrgId, parameters: { fiatOnrampCredentialId: providerA.fiatOnrampCredentialId } });
    assert.equal(deleted.type, 'ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL');
    assert.deepEqual(root.result(deleted), { fiatOnRampCredentialId: providerA.fiatOnrampCredentialId });
    const after = (await f.query('list_fiat_on_ramp_credentials', { organizationId: f.demoOrgId })).json.fiatOnRampCredentials as { onrampProvider: string }[];
    assert.deepEqual(after.map((c) => c.onrampProvider), ['FIAT_ON_RAMP_PROVIDER_MOONPAY']);
    assert.equal((await getPage(`${flow.onRampUrl}&signature=${encodeURIComponent(onRampUrlSignature!)}`)).status, 403);

    await init(base);
    const renewed = (await f.query('list_fiat_on_ramp_credentials', { organizationId: f.demoOrgId })).json.fiatOnRampCredentials as { fiatOnrampCredentialId: string; onrampProvider: string }[];
    const newA = renewed.find((c) => c.onrampProvider === 'FIAT_ON_RAMP_PROVIDER_COINBASE');
    assert.ok(newA && newA.fiatOnrampCredentialId !== providerA.fiatOnrampCredentialId);
  });

  it('refuses bad credential deletions and status queries, changing nothing', async () => {
    const flow = await init(base);
    const subFlow = await init(base, subOrgId);
    const subCredential = f.emulator.state.read.fiatOnRampCredentials.values().find((c) => c.organizationId === subOrgId)!;
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.submit('delete_fiat_on_ramp_credential', f.demoOrgId, {}), 400, 3, 'REQUEST_INVALID', 'parameters.fiatOnrampCredentialId');
      assertServiceError(await f.submit('delete_fiat_on_ramp_credential', f.demoOrgId, { fiatOnrampCredentialId: 'nope' }), 404, 5, 'FIAT_ON_RAMP_CREDENTIAL_NOT_FOUND');
      assertServiceError(await f.submit('delete_fiat_on_ramp_credential', f.demoOrgId, { fiatOnrampCredentialId: subCredential.id }), 404, 5, 'FIAT_ON_RAMP_CREDENTIAL_NOT_FOUND');
      assertServiceError(await f.query('get_onramp_transaction_status', { organizationId: f.demoOrgId }), 400, 3, 'REQUEST_INVALID');
      assertServiceError(await txStatus('no-such-transaction'), 404, 5, 'NOT_FOUND');
      assertServiceError(await txStatus(subFlow.onRampTransactionId, f.demoOrgId), 404, 5, 'NOT_FOUND');
      assertServiceError(await f.query('get_onramp_transaction_status', { organizationId: f.demoOrgId, transactionId: flow.onRampTransactionId, refresh: 'yes' }), 400, 3, 'REQUEST_INVALID');
      assert.equal((await getPage(`${f.urls.apiUrl}/__onramp/no-such-transaction`)).status, 404);
      assert.equal((await fetch(`${f.urls.apiUrl}/__onramp/no-such-transaction/complete`, { method: 'POST' })).status, 404);
    });
    // The parent organization's users see their children's flows through the child's id.
    assert.deepEqual((await txStatus(subFlow.onRampTransactionId, subOrgId)).json, { transactionStatus: 'PENDING' });
  });
});
