/** Wallet parameters (create_wallet, signup / create_sub_organization `wallet`, create_wallet_accounts). */
import { invalidRequest } from '../http/service-error.ts';
import { optionalUint, requireObjectArray, requireString } from '../http/fields.ts';
import { MNEMONIC_LENGTHS, assertAccountSpec } from '../wallet/index.ts';
import { walletCall } from './wallet-errors.ts';
import type { AccountSpec, MnemonicLength } from '../wallet/index.ts';
import type { JsonObject } from '../http/fields.ts';

export interface WalletSpec {
  walletName: string;
  accounts: AccountSpec[];
  mnemonicLength: MnemonicLength;
}

export function parseAccounts(params: JsonObject, where: string, allowEmpty: boolean): AccountSpec[] {
  const list = requireObjectArray(params, 'accounts', where);
  if (!allowEmpty && list.length === 0) throw invalidRequest(`${where}.accounts must not be empty.`);
  return list.map((a, i) => {
    const at = `${where}.accounts[${i}]`;
    const spec: AccountSpec = {
      curve: requireString(a, 'curve', at) as AccountSpec['curve'],
      pathFormat: requireString(a, 'pathFormat', at),
      path: requireString(a, 'path', at, { max: 1024 }),
      addressFormat: requireString(a, 'addressFormat', at) as AccountSpec['addressFormat'],
    };
    walletCall(() => assertAccountSpec(spec));
    return spec;
  });
}

export function parseWalletParams(params: JsonObject, where: string): WalletSpec {
  const length = optionalUint(params, 'mnemonicLength', where) ?? 12;
  if (!(MNEMONIC_LENGTHS as readonly number[]).includes(length)) throw invalidRequest(`${where}.mnemonicLength must be 12, 15, 18, 21 or 24.`);
  return {
    walletName: requireString(params, 'walletName', where, { max: 256 }),
    accounts: parseAccounts(params, where, true),
    mnemonicLength: length as MnemonicLength,
  };
}
