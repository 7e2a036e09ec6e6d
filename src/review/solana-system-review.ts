/**
 * The System Program's instructions a drainer uses, read: `transfer`, `createAccount`,
 * `assign` and `assignWithSeed` (the account's owner becomes another program: it can then move
 * everything the account holds: 'ownership-change'), `transferWithSeed`, and
 * `advanceNonceAccount` (a durable nonce: the transaction stays valid until the nonce moves,
 * with no blockhash to expire it: 'never-expires'). Bincode layouts, a u32 variant index first;
 * the data must be exactly the layout's length (a seed's text as long as its length says). A seed
 * is a string the page chose: shown through the hidden-characters filter. Pure.
 */
import { base58 } from '@scure/base';
import type { ReviewRow, ReviewSection, ReviewWarning } from './request-review.ts';
import { accountRow, accountRows, decoded, lamportRows, SYSTEM_PROGRAM, u32, u64, utf8Text, type SolanaInstructionInput } from './solana-instruction-rows.ts';
import { shownText } from './hidden-characters.ts';

const key = (data: Uint8Array, at: number): string => base58.encode(data.subarray(at, at + 32));

/** A bincode String at `at` (u64 length, then UTF-8): its text and where it ends, or undefined. */
function seedAt(data: Uint8Array, at: number): { text: string; end: number } | undefined {
  if (data.length < at + 8) return undefined;
  const length = u64(data, at);
  if (length > BigInt(data.length - at - 8)) return undefined;
  const text = utf8Text(data.subarray(at + 8, at + 8 + Number(length)));
  return text === undefined ? undefined : { text, end: at + 8 + Number(length) };
}

export function systemInstructionReview(input: SolanaInstructionInput): ReviewSection | undefined {
  const { data, accounts } = input.ix;
  if (data.length < 4) return undefined;
  const section = (name: string, rows: ReviewRow[], warnings: ReviewWarning[] = []) => decoded(SYSTEM_PROGRAM, `System Program: ${name}`, rows, warnings);
  const warnings: ReviewWarning[] = [];
  const seedRow = (text: string): ReviewRow => ({ label: 'seed', value: shownText(text, () => warnings.push('hidden-characters')), format: 'text' });
  switch (u32(data, 0)) {
    case 0: // CreateAccount { lamports, space, owner }
      if (data.length !== 52 || accounts.length < 2) return undefined;
      return section('createAccount', [
        ...accountRows(input, ['from', 'new-account']),
        ...lamportRows(u64(data, 4)),
        { label: 'space', value: u64(data, 12).toString(), format: 'amount' },
        { label: 'owner', value: key(data, 20), format: 'address' },
      ]);
    case 1: // Assign { owner }
      if (data.length !== 36 || accounts.length < 1) return undefined;
      return section('assign', [...accountRows(input, ['account']), { label: 'owner', value: key(data, 4), format: 'address' }], ['ownership-change']);
    case 2: // Transfer { lamports }
      if (data.length !== 12 || accounts.length < 2) return undefined;
      return section('transfer', [...accountRows(input, ['from', 'to']), ...lamportRows(u64(data, 4))]);
    case 4: // AdvanceNonceAccount: accounts nonce, RecentBlockhashes sysvar, authority
      if (data.length !== 4 || accounts.length < 3) return undefined;
      return section('advanceNonceAccount', [accountRow(input.tx, accounts[0]!, 'nonce-account'), accountRow(input.tx, accounts[2]!, 'authority')], ['never-expires']);
    case 10: { // AssignWithSeed { base, seed, owner }
      const seed = seedAt(data, 36);
      if (!seed || data.length !== seed.end + 32 || accounts.length < 2) return undefined;
      const rows: ReviewRow[] = [...accountRows(input, ['account']), { label: 'base', value: key(data, 4), format: 'address' }, seedRow(seed.text), { label: 'owner', value: key(data, seed.end), format: 'address' }];
      return section('assignWithSeed', rows, ['ownership-change', ...warnings]);
    }
    case 11: { // TransferWithSeed { lamports, from_seed, from_owner }: accounts from (derived), base, to
      const seed = seedAt(data, 12);
      if (!seed || data.length !== seed.end + 32 || accounts.length < 3) return undefined;
      const [from, base, to] = accountRows(input, ['from', 'base', 'to']);
      const rows: ReviewRow[] = [from!, to!, ...lamportRows(u64(data, 4)), base!, seedRow(seed.text), { label: 'owner', value: key(data, seed.end), format: 'address' }];
      return section('transferWithSeed', rows, warnings);
    }
    default:
      return undefined;
  }
}
