/**
 * The Token programs' instructions (SPL Token and Token-2022 share these layouts: a u8
 * discriminator, then little-endian fields), read: `transfer`, `transferChecked`, `approve` and
 * `approveChecked` (someone else may move the tokens: 'delegation', and 'unlimited-amount' from
 * u64::MAX / 2 up, since nobody means such an amount as a number), `burn` and `burnChecked`,
 * `setAuthority` ('ownership-change': the new authority holds what the old one did; removing one
 * is said as None), `closeAccount` ('account-closed', its SOL going to the account named), and
 * Token-2022's `transferCheckedWithFee`. Amounts are in token units where the instruction carries
 * the decimals (the checked forms), else in base units. Data must be exactly its layout's length:
 * the programs ignore trailing bytes, but a client that sends them is doing something this
 * reader cannot vouch for, so such an instruction is listed as unreadable instead. Pure.
 */
import { base58 } from '@scure/base';
import type { ReviewLabel, ReviewRow, ReviewSection, ReviewWarning } from './request-review.ts';
import { accountRow, accountRows, decoded, formatUnits, TOKEN_2022_PROGRAM, TOKEN_PROGRAM, U64_MAX, u64, type SolanaInstructionInput } from './solana-instruction-rows.ts';

const NAMES: Record<string, string> = { [TOKEN_PROGRAM]: 'Token Program', [TOKEN_2022_PROGRAM]: 'Token-2022 Program' };

/** From here up, an approval is unlimited. */
export const UNLIMITED_U64 = U64_MAX / 2n;

/** Token-2022's AuthorityType, in order (SPL Token has the first four). */
const AUTHORITY_TYPES = [
  'MintTokens', 'FreezeAccount', 'AccountOwner', 'CloseAccount', 'TransferFeeConfig', 'WithheldWithdraw', 'CloseMint', 'InterestRate',
  'PermanentDelegate', 'ConfidentialTransferMint', 'TransferHookProgramId', 'ConfidentialTransferFeeConfig', 'MetadataPointer', 'GroupPointer',
  'GroupMemberPointer', 'ScaledUiAmountConfig', 'PausableConfig',
];

/** Amount layouts by discriminator: name, accounts' labels, checked (amount then decimals). */
const AMOUNTS: Record<number, { name: string; accounts: readonly ReviewLabel[]; checked: boolean; delegation?: true }> = {
  3: { name: 'transfer', accounts: ['source', 'destination', 'authority'], checked: false },
  4: { name: 'approve', accounts: ['source', 'delegate', 'owner'], checked: false, delegation: true },
  8: { name: 'burn', accounts: ['source', 'mint', 'authority'], checked: false },
  12: { name: 'transferChecked', accounts: ['source', 'mint', 'destination', 'authority'], checked: true },
  13: { name: 'approveChecked', accounts: ['source', 'mint', 'delegate', 'owner'], checked: true, delegation: true },
  15: { name: 'burnChecked', accounts: ['source', 'mint', 'authority'], checked: true },
};

const amountRow = (label: ReviewLabel, amount: bigint, decimals: number | undefined): ReviewRow => ({ label, value: decimals === undefined ? amount.toString() : formatUnits(amount, decimals), format: 'amount' });

export function tokenInstructionReview(input: SolanaInstructionInput): ReviewSection | undefined {
  const { data, accounts } = input.ix;
  const program = input.program;
  const section = (name: string, rows: ReviewRow[], warnings: ReviewWarning[] = []) => decoded(program, `${NAMES[program]}: ${name}`, rows, warnings);
  const has = (length: number, labels: readonly ReviewLabel[]) => data.length === length && accounts.length >= labels.length;
  const layout = AMOUNTS[data[0]!];
  if (layout) {
    if (!has(layout.checked ? 10 : 9, layout.accounts)) return undefined;
    const amount = u64(data, 1);
    const decimals = layout.checked ? data[9]! : undefined;
    const rows = [...accountRows(input, layout.accounts), amountRow('amount', amount, decimals)];
    if (decimals !== undefined) rows.push({ label: 'decimals', value: String(decimals) });
    const warnings: ReviewWarning[] = layout.delegation ? (amount >= UNLIMITED_U64 ? ['unlimited-amount', 'delegation'] : ['delegation']) : [];
    return section(layout.name, rows, warnings);
  }
  switch (data[0]) {
    case 6: { // SetAuthority { authority_type, new_authority: COption<Pubkey> }: accounts the account or mint, its current authority
      const some = data[2] === 1;
      if (!has(some ? 35 : 3, ['account', 'authority']) || (data[2] !== 0 && !some)) return undefined;
      return section('setAuthority', [
        ...accountRows(input, ['account']),
        { label: 'authority-type', value: AUTHORITY_TYPES[data[1]!] ?? String(data[1]), format: 'code' },
        some ? { label: 'new-authority', value: base58.encode(data.subarray(3, 35)), format: 'address' } : { label: 'new-authority', value: 'None', format: 'code' },
        accountRow(input.tx, accounts[1]!, 'authority'),
      ], ['ownership-change']);
    }
    case 9: // CloseAccount: accounts the account, where its SOL goes, its owner
      if (!has(1, ['account', 'rent-to', 'owner'])) return undefined;
      return section('closeAccount', accountRows(input, ['account', 'rent-to', 'owner']), ['account-closed']);
    case 26: // TransferFeeExtension; 1 = TransferCheckedWithFee { amount, decimals, fee } (Token-2022 only)
      if (program !== TOKEN_2022_PROGRAM || data[1] !== 1 || !has(19, ['source', 'mint', 'destination', 'authority'])) return undefined;
      return section('transferCheckedWithFee', [
        ...accountRows(input, ['source', 'mint', 'destination', 'authority']),
        amountRow('amount', u64(data, 2), data[10]!),
        { label: 'decimals', value: String(data[10]!) },
        amountRow('transfer-fee', u64(data, 11), data[10]!),
      ]);
    default:
      return undefined;
  }
}
