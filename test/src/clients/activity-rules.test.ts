// The seed's request constraints as pure checks (the ActivityClient and the emulator share them).
import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { checkQuery, checkSubmit } from '../../../src/clients/activity-rules.ts';

const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' ? JSON.stringify(value) : String(value));

const RAMP = {
  onrampProvider: 'FIAT_ON_RAMP_PROVIDER_MOONPAY',
  walletAddress: 'bc1q',
  network: 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN',
  cryptoCurrencyCode: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_BTC',
};

describe('checkSubmit', () => {
  it('refuses unknown operations and non-object parameters', async () => {
    await expectCode(() => checkSubmit('make_coffee', {}), 'ERR_INPUT_INVALID');
    await expectCode(() => checkSubmit('toString', {}), 'ERR_INPUT_INVALID');
    await expectCode(() => checkSubmit(42, {}), 'ERR_INPUT_INVALID');
    await expectCode(() => checkSubmit('create_wallet', null), 'ERR_INPUT_INVALID');
    await expectCode(() => checkSubmit('create_wallet', []), 'ERR_INPUT_INVALID');
  });

  it('passes other operations through untouched', async () => {
    const parameters = { walletName: 'main', accounts: [] };
    expect(await checkSubmit('create_wallet', parameters)).to.equal(parameters);
  });

  it('accepts an on-ramp amount above 20 and sends it as a string', async () => {
    expect((await checkSubmit('init_fiat_on_ramp', { ...RAMP, fiatCurrencyAmount: '20.01' })).fiatCurrencyAmount).to.equal('20.01');
    expect((await checkSubmit('init_fiat_on_ramp', { ...RAMP, fiatCurrencyAmount: 21 })).fiatCurrencyAmount).to.equal('21');
    expect(await checkSubmit('init_fiat_on_ramp', RAMP)).to.not.have.property('fiatCurrencyAmount');
  });

  for (const amount of ['20', 20, '0', '-25', '', ' 25', '25 ', '0x20', '1e3', 'NaN', Infinity, NaN, true, {}]) {
    it(`refuses the amount ${show(amount)} with ERR_ONRAMP_AMOUNT`, async () => {
      await expectCode(() => checkSubmit('init_fiat_on_ramp', { ...RAMP, fiatCurrencyAmount: amount }), 'ERR_ONRAMP_AMOUNT');
    });
  }

  it('requires a subdivision for US purchasers only', async () => {
    await expectCode(() => checkSubmit('init_fiat_on_ramp', { ...RAMP, countryCode: 'US' }), 'ERR_ONRAMP_SUBDIVISION');
    await expectCode(() => checkSubmit('init_fiat_on_ramp', { ...RAMP, countryCode: 'us', countrySubdivisionCode: '' }), 'ERR_ONRAMP_SUBDIVISION');
    expect((await checkSubmit('init_fiat_on_ramp', { ...RAMP, countryCode: 'FR' })).countryCode).to.equal('FR');
  });

  it('sends the subdivision as the hosted intent documents it ("NY", the part after "US-")', async () => {
    const sent = async (countryCode: string | undefined, countrySubdivisionCode: unknown) =>
      (await checkSubmit('init_fiat_on_ramp', { ...RAMP, ...(countryCode ? { countryCode } : {}), countrySubdivisionCode })).countrySubdivisionCode;
    expect(await sent('US', 'NY')).to.equal('NY');
    expect(await sent('US', ' ny ')).to.equal('NY');
    // The whole code of the purchaser's own country, as this kit once asked for, is cut.
    expect(await sent('US', 'US-CA')).to.equal('CA');
    expect(await sent('us', 'us-ca')).to.equal('CA');
    expect(await sent('GB', 'GB-ENG')).to.equal('ENG');
    expect(await sent('CA', 'ON')).to.equal('ON');
    expect(await sent(undefined, 'NY')).to.equal('NY');
    // Another country's code, a whole code without a country, and other shapes are refused.
    for (const [country, code] of [['US', 'CA-ON'], [undefined, 'US-NY'], ['US', 'NEWY'], ['US', 'N Y'], ['US', 'US-'], ['US', 7], ['US', {}]] as const) {
      await expectCode(() => sent(country, code), 'ERR_ONRAMP_SUBDIVISION');
    }
  });

  it('does not change the caller parameters', async () => {
    const parameters = { ...RAMP, fiatCurrencyAmount: 30 };
    await checkSubmit('init_fiat_on_ramp', parameters);
    expect(parameters.fiatCurrencyAmount).to.equal(30);
  });
});

describe('checkQuery', () => {
  it('refuses unknown queries and missing required fields', async () => {
    await expectCode(() => checkQuery('list_everything', { organizationId: 'o' }), 'ERR_INPUT_INVALID');
    await expectCode(() => checkQuery('list_users', {}), 'ERR_INPUT_INVALID');
    await expectCode(() => checkQuery('list_users', { organizationId: 7 }), 'ERR_INPUT_INVALID');
    await expectCode(() => checkQuery('get_send_transaction_status', { organizationId: 'o' }), 'ERR_INPUT_INVALID');
    await expectCode(() => checkQuery('get_boot_proof', 'o'), 'ERR_INPUT_INVALID');
  });

  it('accepts page sizes 1 to 100, as string or number, and sends a string', async () => {
    for (const [limit, sent] of [['1', '1'], [1, '1'], ['100', '100'], [100, '100'], ['10', '10']] as const) {
      const body = checkQuery('list_wallet_accounts', { organizationId: 'o', paginationOptions: { limit, before: 'acc-1' } });
      expect(body.paginationOptions).to.deep.equal({ limit: sent, before: 'acc-1' });
    }
    // Every listing that pages: the activities too (the hosted limit is a string).
    expect(checkQuery('list_activities', { organizationId: 'o', paginationOptions: { limit: 5 } }).paginationOptions).to.deep.equal({ limit: '5' });
    await expectCode(() => checkQuery('list_activities', { organizationId: 'o', paginationOptions: { limit: 0 } }), 'ERR_PAGINATION_LIMIT');
    expect(checkQuery('list_wallet_accounts', { organizationId: 'o', paginationOptions: { after: 'x' } })).to.deep.equal({
      organizationId: 'o',
      paginationOptions: { after: 'x' },
    });
  });

  for (const limit of [0, '0', 101, '101', 2.5, '2.5', '-1', '', ' 5', '1e2', 'ten', NaN, true]) {
    it(`refuses the page size ${show(limit)} with ERR_PAGINATION_LIMIT`, async () => {
      await expectCode(() => checkQuery('list_wallet_accounts', { organizationId: 'o', paginationOptions: { limit } }), 'ERR_PAGINATION_LIMIT');
    });
  }
});
