// The wallet's balances: the amounts written from the exact base units, held to viem's
// formatUnits (a library this project did not write) for any amount and any decimals, and to
// Intl's own exact decimal formatting (a string given to Intl.NumberFormat is not rounded through
// a float) in Spanish and Arabic; the hosted answer read through a stub session, its malformed
// entries refused rather than shown.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatUnits as viemFormatUnits } from 'viem';
import { checkBalance, formatAmount, formatBalance, formatUnits, readWalletBalances, type WalletBalance } from '../../../src/account/wallet-balances.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import type { AssetBalance } from '../../../src/clients/activity-types.ts';

const amounts = fc.bigInt({ min: -(10n ** 80n), max: 10n ** 80n });
const decimals = fc.integer({ min: 0, max: 36 });

describe('formatUnits', () => {
  it('writes what viem writes, for any amount and decimals', () => {
    fc.assert(fc.property(amounts, decimals, (value, d) => formatUnits(value, d) === viemFormatUnits(value, d)), { numRuns: 2000 });
  });

  it('keeps every digit a float would lose', () => {
    assert.equal(formatUnits(123456789012345678901234567890n, 18), '123456789012.34567890123456789');
    assert.equal(formatUnits(300000000000000001n, 18), '0.300000000000000001');
    assert.equal(formatUnits(1n, 18), '0.000000000000000001');
    assert.equal(formatUnits(0n, 6), '0');
  });
});

describe('formatAmount', () => {
  it('in English is viem\'s text with grouping, and cents where asked', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), decimals, fc.integer({ min: 0, max: 2 }), (value, d, min) => {
        const ours = formatAmount(value, d, 'en', min).replaceAll(',', '');
        const [whole, fraction = ''] = viemFormatUnits(value, d).split('.');
        const padded = fraction.padEnd(Math.min(min, d), '0');
        return ours === `${whole}${padded ? `.${padded}` : ''}`;
      }),
      { numRuns: 1000 },
    );
  });

  for (const locale of ['es', 'ar', 'en']) {
    it(`in ${locale} is Intl's exact formatting of the same decimal`, () => {
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 20 }), (value, d) => {
          const exact = viemFormatUnits(value, d);
          const fractionDigits = exact.split('.')[1]?.length ?? 0;
          // A string argument is formatted as an exact decimal (Intl.NumberFormat v3); Node 20's
          // Intl takes at most 20 fraction digits, so the decimals here stop at 20.
          const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(exact as unknown as number);
          return formatAmount(value, d, locale) === intl;
        }),
        { numRuns: 500 },
      );
    });
  }
});

const ETH = { caip19: 'eip155:11155111/slip44:60', symbol: 'ETH', balance: '1500000000000000000', decimals: 18, name: 'Ether', display: { crypto: '1.5' } };
const USDC = { caip19: 'eip155:11155111/erc20:0x1c7d4b196cb0c7b01d743fbc6116a902379c7238', symbol: 'USDC', balance: '25000000', decimals: 6, name: 'USD Coin', display: { crypto: '25' } };

const session = (balances: unknown) => ({
  calls: [] as unknown[],
  async query(operation: string, body: unknown) {
    this.calls.push([operation, body]);
    return { balances } as never;
  },
});

describe('readWalletBalances', () => {
  it('asks the hosted route for one address on one chain, and puts the native coin first', async () => {
    const s = session([USDC, ETH]);
    const read = await readWalletBalances(s, '0xabc', 'eip155:11155111');
    assert.deepEqual(s.calls, [['get_wallet_address_balances', { address: '0xabc', caip2: 'eip155:11155111' }]]);
    assert.deepEqual(
      read.map((b) => formatBalance(b, 'en')),
      ['1.5 ETH', '25.00 USDC'],
    );
    assert.equal(read[0]!.native, true);
    assert.equal(read[1]!.native, false);
  });

  it('writes the exact balance, never the service\'s rounded display text', async () => {
    const [eth] = await readWalletBalances(session([{ ...ETH, balance: '1234567890123456789', display: { crypto: '1.23' } }]), '0xabc', 'eip155:1');
    assert.equal(formatBalance(eth!, 'en'), '1.234567890123456789 ETH');
    assert.equal(formatBalance(eth!, 'es'), '1,234567890123456789 ETH');
  });

  it('refuses a malformed answer instead of showing a guess', async () => {
    const bad: [string, unknown][] = [
      ['no list', undefined],
      ['a fractional balance', [{ ...ETH, balance: '1.5' }]],
      ['a negative balance', [{ ...ETH, balance: '-1' }]],
      ['a number balance', [{ ...ETH, balance: 15 }]],
      ['no decimals', [{ ...ETH, decimals: undefined }]],
      ['fractional decimals', [{ ...ETH, decimals: 6.5 }]],
      ['too many decimals', [{ ...ETH, decimals: 99 }]],
      ['no caip19', [{ ...ETH, caip19: undefined }]],
      ['a caip19 that is no id', [{ ...ETH, caip19: 'ETH' }]],
      ['a null entry', [null]],
    ];
    for (const [what, balances] of bad) {
      await assert.rejects(readWalletBalances(session(balances), '0xabc', 'eip155:1'), (error) => isLatchError(error, 'ERR_RESPONSE_MALFORMED'), what);
    }
  });

  it('shows a token by its id when its symbol is not a short plain word', () => {
    const named = (symbol: unknown): WalletBalance => checkBalance({ ...USDC, symbol } as AssetBalance);
    for (const symbol of ['USDC\u200b', 'USDC ', 'Claim your reward at evil.example', '', 42, 'U\u202eCDS']) {
      assert.equal(named(symbol).symbol, '', String(symbol));
      assert.equal(formatBalance(named(symbol), 'en'), '25 erc20:0x1c7d…7238');
    }
    assert.equal(named('USDC.e').symbol, 'USDC.e');
  });

  it('writes Solana balances (SOL, an SPL token)', () => {
    const sol = checkBalance({ caip19: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1/slip44:501', symbol: 'SOL', balance: '2500000000', decimals: 9 });
    assert.equal(formatBalance(sol, 'en'), '2.5 SOL');
    assert.equal(sol.native, true);
    const spl = checkBalance({ caip19: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1/token:4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU', symbol: 'USDC', balance: '1000000', decimals: 6 });
    assert.equal(formatBalance(spl, 'en'), '1.00 USDC');
  });
});
