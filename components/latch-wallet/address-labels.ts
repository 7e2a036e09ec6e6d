/**
 * Readable names for the service's address formats and curves ("Bitcoin testnet (P2WPKH)"
 * rather than ADDRESS_FORMAT_BITCOIN_TESTNET_P2WPKH), and which formats a key of each curve can
 * be imported with. Chain names are proper names and stay untranslated; the words around them
 * come from the element's catalogue.
 */
import type { AddressFormat, Curve } from '../../src/clients/activity-types.ts';
import type { LatchElement } from '../internal/latch-element.ts';

const CHAINS: Readonly<Record<string, string>> = {
  ETHEREUM: 'Ethereum',
  SOLANA: 'Solana',
  COSMOS: 'Cosmos',
  TRON: 'Tron',
  SUI: 'Sui',
  APTOS: 'Aptos',
  SEI: 'Sei',
  XLM: 'Stellar',
  XRP: 'XRP Ledger',
  DOGE_MAINNET: 'Dogecoin',
  TON_V3R2: 'TON (v3r2)',
  TON_V4R2: 'TON (v4r2)',
  TON_V5R1: 'TON (v5r1)',
};

type Translator = Pick<LatchElement, 't'>;

/** "Ethereum", "Bitcoin (P2WPKH)", "Bitcoin testnet (P2TR)", "Public key (compressed)"… */
export function addressFormatLabel(format: string, el: Translator): string {
  const name = format.replace(/^ADDRESS_FORMAT_/, '');
  if (name === 'COMPRESSED') return el.t('wallet.formatCompressed');
  if (name === 'UNCOMPRESSED') return el.t('wallet.formatUncompressed');
  if (name === 'DOGE_TESTNET') return el.t('wallet.testnet', { name: 'Dogecoin' });
  const bitcoin = /^BITCOIN_(MAINNET|TESTNET|SIGNET|REGTEST)_(\w+)$/.exec(name);
  if (bitcoin) {
    const [, network, script] = bitcoin;
    const chain = network === 'MAINNET' ? 'Bitcoin' : el.t('wallet.testnet', { name: `Bitcoin ${network === 'TESTNET' ? '' : network!.toLowerCase()}`.trim() });
    return `${chain} (${script})`;
  }
  return CHAINS[name] ?? name;
}

export const CURVE_LABELS: Readonly<Record<Curve, string>> = {
  CURVE_SECP256K1: 'secp256k1',
  CURVE_ED25519: 'Ed25519',
  CURVE_P256: 'P-256',
};

/** The formats offered when importing a key of each curve; the first is ticked by default. */
export const IMPORT_FORMATS: Readonly<Record<Curve, readonly AddressFormat[]>> = {
  CURVE_SECP256K1: [
    'ADDRESS_FORMAT_ETHEREUM',
    'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH',
    'ADDRESS_FORMAT_BITCOIN_TESTNET_P2WPKH',
    'ADDRESS_FORMAT_COSMOS',
    'ADDRESS_FORMAT_TRON',
    'ADDRESS_FORMAT_XRP',
    'ADDRESS_FORMAT_DOGE_MAINNET',
    'ADDRESS_FORMAT_COMPRESSED',
    'ADDRESS_FORMAT_UNCOMPRESSED',
  ],
  CURVE_ED25519: ['ADDRESS_FORMAT_SOLANA', 'ADDRESS_FORMAT_SUI', 'ADDRESS_FORMAT_APTOS', 'ADDRESS_FORMAT_COMPRESSED'],
  CURVE_P256: ['ADDRESS_FORMAT_COMPRESSED', 'ADDRESS_FORMAT_UNCOMPRESSED'],
};
