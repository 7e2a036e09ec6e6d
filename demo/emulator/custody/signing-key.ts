/**
 * What `signWith` names: a wallet account (by address, public key or id) or an imported
 * private key (by id or address), inside the activity's organization. Returns the raw key.
 */
import { fromHex } from '../../../src/encoding/hex.ts';
import { notFound } from '../http/service-error.ts';
import { accountPrivateKey } from './seed-cache.ts';
import type { Curve } from '../wallet/index.ts';
import type { StateView } from '../state/store.ts';

export interface SigningKey {
  curve: Curve;
  privateKey: Uint8Array;
}

export function resolveSigningKey(view: StateView, organizationId: string, signWith: string): SigningKey {
  const lower = signWith.toLowerCase();
  const accounts = view.walletAccounts.findBy('address', signWith).filter((a) => a.organizationId === organizationId);
  const account =
    accounts[0] ??
    view.walletAccounts
      .findBy('organizationId', organizationId)
      .find((a) => a.id === signWith || a.publicKey === lower || (a.address.startsWith('0x') && a.address.toLowerCase() === lower));
  if (account) {
    const wallet = view.wallets.get(account.walletId)!;
    return { curve: account.curve as Curve, privateKey: accountPrivateKey(wallet.id, wallet.mnemonic, account.curve as Curve, account.path) };
  }
  const privateKey = view.privateKeys
    .findBy('organizationId', organizationId)
    .find((k) => k.id === signWith || k.publicKey === lower || k.addresses.some((a) => a.address === signWith || (a.address.startsWith('0x') && a.address.toLowerCase() === lower)));
  if (privateKey) return { curve: privateKey.curve as Curve, privateKey: fromHex(privateKey.privateKeyHex) };
  throw notFound('NOT_FOUND', 'signWith names no wallet account or private key of this organization.');
}
