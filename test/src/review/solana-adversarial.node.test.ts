// Issue 36, the Solana side: requests a drainer sends, built with the attacker's own libraries
// (@solana/web3.js 1.98.4, @solana/spl-token 0.4.14, @solana/kit 8.4.0 with @solana-program/system
// and @solana-program/token), each row with what the person must be told: the review's warnings
// (most serious first, exactly), the rows that say what happens, or the refusal before anyone is
// asked. A row names the decoder that carries it, so removing a decoder fails its rows.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ComputeBudgetProgram,
  Keypair,
  NONCE_ACCOUNT_LENGTH,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  type AddressLookupTableAccount,
} from '@solana/web3.js';
import {
  AuthorityType,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  createApproveCheckedInstruction,
  createApproveInstruction,
  createBurnCheckedInstruction,
  createBurnInstruction,
  createCloseAccountInstruction,
  createSetAuthorityInstruction,
  createTransferCheckedWithFeeInstruction,
} from '@solana/spl-token';
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import { getAssignInstruction } from '@solana-program/system';
import { AuthorityType as KitAuthorityType, getCloseAccountInstruction, getSetAuthorityInstruction } from '@solana-program/token';
import { solanaTransactionReview } from '../../../src/review/solana-transaction-review.ts';
import { solanaMessageReview } from '../../../src/review/solana-message-review.ts';
import { assertSignableSolanaMessage } from '../../../src/review/solana-signable-message.ts';
import { U64_MAX } from '../../../src/review/solana-instruction-review.ts';
import type { RequestReview, ReviewSection, ReviewWarning } from '../../../src/review/request-review.ts';
import { blockhash, key, kitTable, kitTransfer, lookupTable, siws, utf8, web3Legacy, web3V0 } from './solana-attacks.ts';

const victim = Keypair.generate().publicKey;
const attacker = key();
const CONTEXT = { origin: 'https://drainer.example', account: victim.toBase58(), chain: { id: 'solana:mainnet', name: 'Solana' }, action: 'sign-transaction' as const };
/** Messages are asked by https://dapp.example, at 15:00 UTC on the day the sign-in messages are issued. */
const MESSAGE_CONTEXT = { ...CONTEXT, origin: 'https://dapp.example', now: Date.parse('2026-12-07T15:00:00Z') };

const legacy = (...ixs: TransactionInstruction[]): Uint8Array =>
  Uint8Array.from(new Transaction({ feePayer: victim, recentBlockhash: blockhash() }).add(...ixs).serialize({ requireAllSignatures: false, verifySignatures: false }));
const v0 = (ixs: TransactionInstruction[], tables: AddressLookupTableAccount[] = []): Uint8Array =>
  new VersionedTransaction(new TransactionMessage({ payerKey: victim, recentBlockhash: blockhash(), instructions: ixs }).compileToV0Message(tables)).serialize();
/** @solana/kit: the victim pays and signs; the instructions as kit's program clients build them. */
function kit(version: 'legacy' | 0, ...ixs: Instruction[]): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(address(victim.toBase58()), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash() as Blockhash, lastValidBlockHeight: 1n }, m),
    (m) => appendTransactionMessageInstructions(ixs, m),
  );
  return Uint8Array.from(getTransactionEncoder().encode(compileTransaction(message)));
}
const memo = (text: string): TransactionInstruction =>
  new TransactionInstruction({ programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), keys: [{ pubkey: victim, isSigner: true, isWritable: false }], data: Buffer.from(text) });

/** A row's value by label, in the first section headed `heading` (or the transaction section). */
function row(review: RequestReview, heading: string | undefined, label: string): string | undefined {
  const section: ReviewSection | undefined = heading ? review.sections.find((s) => s.heading === heading) : review.sections[0];
  return section?.rows.find((r) => r.label === label)?.value;
}

interface Row {
  name: string;
  /** Which decoder (or defence) the row stands on. */
  by: 'refusal' | 'message' | 'system' | 'token' | 'compute-budget' | 'memo' | 'lookup' | 'fallback';
  build: () => Uint8Array;
  kind?: 'message';
  /** The refusal it must meet, or the warnings it must carry (exactly, most serious first). */
  refused?: true;
  warnings?: readonly ReviewWarning[];
  /** [heading, label, value] rows the person must see. */
  shows?: readonly [string | undefined, string, string][];
}

const mint = key();
const tokenAccount = key();
const tableDestination = key();
const table = lookupTable(tableDestination);

const ROWS: readonly Row[] = [
  // --- solana:signMessage --------------------------------------------------------------------
  { name: 'signMessage: a legacy 1,000 SOL transfer message (web3.js)', by: 'refusal', kind: 'message', build: () => web3Legacy(victim.toBase58()).message, refused: true },
  { name: 'signMessage: a v0 transfer message, destination from a lookup table (@solana/kit)', by: 'refusal', kind: 'message', build: () => kitTransfer(victim.toBase58(), 0, kitTable()).message, refused: true },
  { name: 'signMessage: a whole serialized v0 transaction with bytes after it (web3.js)', by: 'refusal', kind: 'message', build: () => Uint8Array.from([...web3V0(victim.toBase58(), table).transaction, 7, 7]), refused: true },
  { name: 'signMessage: bytes that are not text (a 32-byte hash)', by: 'refusal', kind: 'message', build: () => attacker.toBytes(), refused: true },
  { name: 'signMessage: a Sign-In With Solana message, plain', by: 'message', kind: 'message', build: () => utf8(siws(victim.toBase58())), warnings: [] },
  {
    name: 'signMessage: a sign-in message for "dapp.example" with a zero-width space in its domain and a right-to-left override',
    by: 'message',
    kind: 'message',
    build: () => utf8(siws(victim.toBase58(), 'dapp\u200b.example').replace('Sign in', '\u202eSign in')),
    warnings: ['origin-mismatch', 'hidden-characters'],
  },
  {
    name: 'signMessage: a sign-in message that reads as one only without the word joiner in its header (no site\u2019s reader takes it as dapp.example\u2019s)',
    by: 'message',
    kind: 'message',
    build: () => utf8(siws(victim.toBase58()).replace('Solana account', 'Solana\u2060 account')),
    warnings: ['origin-mismatch', 'hidden-characters'],
  },
  { name: 'signMessage: a sign-in message for another site (bank.example) asked by dapp.example', by: 'message', kind: 'message', build: () => utf8(siws(victim.toBase58(), 'bank.example')), warnings: ['origin-mismatch'] },
  { name: 'signMessage: a sign-in message for https://dapp.example over http', by: 'message', kind: 'message', build: () => utf8(siws(victim.toBase58(), 'http://dapp.example')), warnings: ['origin-mismatch'] },
  { name: 'signMessage: an expired sign-in message', by: 'message', kind: 'message', build: () => utf8(siws(victim.toBase58(), 'dapp.example', ['Expiration Time: 2026-12-07T14:05:00.000Z'])), warnings: ['sign-in-expired'] },
  { name: 'signMessage: a sign-in message not valid yet', by: 'message', kind: 'message', build: () => utf8(siws(victim.toBase58(), 'dapp.example', ['Not Before: 2026-12-08T00:00:00.000Z'])), warnings: ['sign-in-not-yet-valid'] },
  // --- System Program ------------------------------------------------------------------------
  {
    name: 'System assign: the victim\u2019s account handed to the attacker\u2019s program (web3.js)',
    by: 'system',
    build: () => legacy(SystemProgram.assign({ accountPubkey: victim, programId: attacker })),
    warnings: ['ownership-change'],
    shows: [['System Program: assign', 'account', victim.toBase58()], ['System Program: assign', 'owner', attacker.toBase58()]],
  },
  {
    name: 'System assign (@solana/kit, v0)',
    by: 'system',
    build: () => kit(0, getAssignInstruction({ account: createNoopSigner(address(victim.toBase58())), programAddress: address(attacker.toBase58()) })),
    warnings: ['ownership-change'],
    shows: [['System Program: assign', 'owner', attacker.toBase58()]],
  },
  {
    name: 'System assignWithSeed to the attacker\u2019s program',
    by: 'system',
    build: () => legacy(SystemProgram.assign({ accountPubkey: key(), basePubkey: victim, seed: 'vault', programId: attacker })),
    warnings: ['ownership-change'],
    shows: [['System Program: assignWithSeed', 'seed', 'vault'], ['System Program: assignWithSeed', 'owner', attacker.toBase58()]],
  },
  {
    name: 'System createAccount funded with 3 SOL, owned by the attacker\u2019s program',
    by: 'system',
    build: () => legacy(SystemProgram.createAccount({ fromPubkey: victim, newAccountPubkey: attacker, lamports: 3_000_000_000, space: 165, programId: attacker })),
    warnings: [],
    shows: [['System Program: createAccount', 'sol', '3'], ['System Program: createAccount', 'space', '165'], ['System Program: createAccount', 'owner', attacker.toBase58()]],
  },
  {
    name: 'System transferWithSeed of 1,000 SOL, its seed with a bidi override',
    by: 'system',
    build: () => legacy(SystemProgram.transfer({ fromPubkey: key(), basePubkey: victim, toPubkey: attacker, lamports: 1_000_000_000_000, seed: 'refund\u202e', programId: SystemProgram.programId })),
    warnings: ['hidden-characters'],
    shows: [['System Program: transferWithSeed', 'to', attacker.toBase58()], ['System Program: transferWithSeed', 'sol', '1000'], ['System Program: transferWithSeed', 'seed', 'refund⟦U+202E⟧']],
  },
  {
    name: 'Durable nonce: advanceNonceAccount then a transfer (never expires)',
    by: 'system',
    build: () => legacy(SystemProgram.nonceAdvance({ noncePubkey: attacker, authorizedPubkey: victim }), SystemProgram.transfer({ fromPubkey: victim, toPubkey: attacker, lamports: NONCE_ACCOUNT_LENGTH })),
    warnings: ['never-expires'],
    shows: [['System Program: advanceNonceAccount', 'nonce-account', attacker.toBase58()], ['System Program: transfer', 'to', attacker.toBase58()]],
  },
  // --- Token programs ------------------------------------------------------------------------
  {
    name: 'Token setAuthority: the token account\u2019s owner becomes the attacker (spl-token)',
    by: 'token',
    build: () => legacy(createSetAuthorityInstruction(tokenAccount, victim, AuthorityType.AccountOwner, attacker)),
    warnings: ['ownership-change'],
    shows: [['Token Program: setAuthority', 'authority-type', 'AccountOwner'], ['Token Program: setAuthority', 'new-authority', attacker.toBase58()], ['Token Program: setAuthority', 'account', tokenAccount.toBase58()]],
  },
  {
    name: 'Token setAuthority (@solana/kit): the account\u2019s close authority to the attacker',
    by: 'token',
    build: () => kit('legacy', getSetAuthorityInstruction({ owned: address(tokenAccount.toBase58()), owner: createNoopSigner(address(victim.toBase58())), authorityType: KitAuthorityType.CloseAccount, newAuthority: address(attacker.toBase58()) })),
    warnings: ['ownership-change'],
    shows: [['Token Program: setAuthority', 'authority-type', 'CloseAccount'], ['Token Program: setAuthority', 'new-authority', attacker.toBase58()]],
  },
  {
    name: 'Token-2022 setAuthority of a mint\u2019s CloseMint authority to none (spl-token)',
    by: 'token',
    build: () => legacy(createSetAuthorityInstruction(mint, victim, AuthorityType.CloseMint, null, [], TOKEN_2022_PROGRAM_ID)),
    warnings: ['ownership-change'],
    shows: [['Token-2022 Program: setAuthority', 'authority-type', 'CloseMint'], ['Token-2022 Program: setAuthority', 'new-authority', 'None']],
  },
  {
    name: 'Token closeAccount, its SOL to the attacker (spl-token)',
    by: 'token',
    build: () => legacy(createCloseAccountInstruction(tokenAccount, attacker, victim)),
    warnings: ['account-closed'],
    shows: [['Token Program: closeAccount', 'account', tokenAccount.toBase58()], ['Token Program: closeAccount', 'rent-to', attacker.toBase58()]],
  },
  {
    name: 'Token-2022 closeAccount (@solana/kit, v0)',
    by: 'token',
    build: () => kit(0, getCloseAccountInstruction({ account: address(tokenAccount.toBase58()), destination: address(attacker.toBase58()), owner: createNoopSigner(address(victim.toBase58())) }, { programAddress: address(TOKEN_2022_PROGRAM_ID.toBase58()) })),
    warnings: ['account-closed'],
    shows: [['Token-2022 Program: closeAccount', 'rent-to', attacker.toBase58()]],
  },
  {
    name: 'Token burn and Token-2022 burnChecked (spl-token)',
    by: 'token',
    build: () => legacy(createBurnInstruction(tokenAccount, mint, victim, 5_000n), createBurnCheckedInstruction(tokenAccount, mint, victim, 2_500_000n, 6, [], TOKEN_2022_PROGRAM_ID)),
    warnings: [],
    shows: [['Token Program: burn', 'amount', '5000'], ['Token-2022 Program: burnChecked', 'amount', '2.5']],
  },
  {
    name: 'Token approve of u64::MAX \u2212 1 (not exactly u64::MAX)',
    by: 'token',
    build: () => legacy(createApproveInstruction(tokenAccount, attacker, victim, U64_MAX - 1n)),
    warnings: ['unlimited-amount', 'delegation'],
    shows: [['Token Program: approve', 'delegate', attacker.toBase58()]],
  },
  {
    name: 'Token-2022 approveChecked of u64::MAX / 2 with 6 decimals',
    by: 'token',
    build: () => legacy(createApproveCheckedInstruction(tokenAccount, mint, attacker, victim, U64_MAX / 2n, 6, [], TOKEN_2022_PROGRAM_ID)),
    warnings: ['unlimited-amount', 'delegation'],
    shows: [['Token-2022 Program: approveChecked', 'amount', '9223372036854.775807']],
  },
  {
    name: 'Token approveChecked of 25 USDC (a delegation, limited)',
    by: 'token',
    build: () => legacy(createApproveCheckedInstruction(tokenAccount, mint, attacker, victim, 25_000_000n, 6, [], TOKEN_PROGRAM_ID)),
    warnings: ['delegation'],
    shows: [['Token Program: approveChecked', 'amount', '25'], ['Token Program: approveChecked', 'delegate', attacker.toBase58()]],
  },
  {
    name: 'Token-2022 transferCheckedWithFee: 1,000 tokens, fee 10 (spl-token)',
    by: 'token',
    build: () => legacy(createTransferCheckedWithFeeInstruction(tokenAccount, mint, attacker, victim, 1_000_000_000_000n, 9, 10_000_000_000n, [], TOKEN_2022_PROGRAM_ID)),
    warnings: [],
    shows: [['Token-2022 Program: transferCheckedWithFee', 'destination', attacker.toBase58()], ['Token-2022 Program: transferCheckedWithFee', 'amount', '1000'], ['Token-2022 Program: transferCheckedWithFee', 'transfer-fee', '10']],
  },
  // --- Compute Budget ------------------------------------------------------------------------
  {
    name: 'ComputeBudget price that makes the fee 1,400 SOL',
    by: 'compute-budget',
    build: () => legacy(ComputeBudgetProgram.setComputeUnitLimit({ units: 1_400_000 }), ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000_000_000n }), SystemProgram.transfer({ fromPubkey: victim, toPubkey: attacker, lamports: 1 })),
    warnings: ['high-fee'],
    shows: [[undefined, 'fee', '1400.000005 SOL'], ['Compute Budget Program: setComputeUnitPrice', 'unit-price', '1000000000000']],
  },
  {
    name: 'ComputeBudget as every dapp sends it (200,000 units at 1,000 micro-lamports: 200 lamports + 5,000): read, not unreadable, no warning',
    by: 'compute-budget',
    build: () => legacy(ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }), ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000 }), SystemProgram.transfer({ fromPubkey: victim, toPubkey: attacker, lamports: 1 })),
    warnings: [],
    shows: [[undefined, 'fee', '0.0000052 SOL'], ['Compute Budget Program: setComputeUnitLimit', 'compute-units', '200000']],
  },
  {
    name: 'ComputeBudget price alone: the default limit (3,000 units per builtin: 6,000) at 10,000 lamports a unit makes it 0.06 SOL',
    by: 'compute-budget',
    build: () => legacy(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 10_000_000_000 }), SystemProgram.transfer({ fromPubkey: victim, toPubkey: attacker, lamports: 1 })),
    warnings: ['high-fee'],
    shows: [[undefined, 'fee', '0.060005 SOL']],
  },
  // --- Memo ----------------------------------------------------------------------------------
  {
    name: 'Memo with a right-to-left override ("refund" that reads backwards)',
    by: 'memo',
    build: () => legacy(memo('Claim your \u202ednufer'), SystemProgram.transfer({ fromPubkey: victim, toPubkey: attacker, lamports: 1 })),
    warnings: ['hidden-characters'],
    shows: [['Memo Program', 'memo', 'Claim your ⟦U+202E⟧dnufer']],
  },
  { name: 'Memo, plain text', by: 'memo', build: () => legacy(memo('Order #1234')), warnings: [], shows: [['Memo Program', 'memo', 'Order #1234']] },
  // --- Address lookup tables -----------------------------------------------------------------
  {
    name: 'v0 transfer of 1,000 SOL whose destination comes from a lookup table (web3.js)',
    by: 'lookup',
    build: () => web3V0(victim.toBase58(), table).transaction,
    warnings: ['unresolved-address'],
    shows: [['System Program: transfer', 'to', `${table.key.toBase58()}[2]`], ['System Program: transfer', 'sol', '1000']],
  },
  {
    name: 'v0 token closeAccount whose destination comes from a lookup table',
    by: 'lookup',
    build: () => v0([createCloseAccountInstruction(tokenAccount, tableDestination, victim)], [table]),
    warnings: ['account-closed', 'unresolved-address'],
    shows: [['Token Program: closeAccount', 'rent-to', `${table.key.toBase58()}[2]`]],
  },
  // --- Everything a drainer bundles ----------------------------------------------------------
  {
    name: 'A drainer\u2019s bundle: fee, owner change, approval, close and an unknown program',
    by: 'fallback',
    build: () =>
      legacy(
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 10_000_000_000 }),
        createSetAuthorityInstruction(tokenAccount, victim, AuthorityType.AccountOwner, attacker),
        createApproveInstruction(key(), attacker, victim, U64_MAX),
        createCloseAccountInstruction(key(), attacker, victim),
        new TransactionInstruction({ programId: attacker, keys: [{ pubkey: victim, isSigner: true, isWritable: true }], data: Buffer.of(1, 2, 3) }),
      ),
    warnings: ['ownership-change', 'unlimited-amount', 'delegation', 'account-closed', 'high-fee', 'unreadable-instruction'],
  },
];

describe('Solana adversarial requests: each is refused or warned', () => {
  it('the table has at least 20 rows from the attacker\u2019s libraries', () => {
    assert.ok(ROWS.length >= 20, String(ROWS.length));
  });

  for (const r of ROWS) {
    it(`[${r.by}] ${r.name}`, () => {
      const bytes = r.build();
      if (r.kind === 'message') {
        if (r.refused) {
          assert.throws(() => assertSignableSolanaMessage(bytes), (e: { code?: string }) => e.code === 'ERR_WALLET_REQUEST_UNSAFE');
          return;
        }
        assert.doesNotThrow(() => assertSignableSolanaMessage(bytes));
        assert.deepEqual(solanaMessageReview(MESSAGE_CONTEXT, bytes).warnings, r.warnings);
        return;
      }
      const review = solanaTransactionReview(CONTEXT, bytes);
      assert.deepEqual(review.warnings, r.warnings);
      for (const [heading, label, value] of r.shows ?? []) assert.equal(row(review, heading, label), value, `${heading ?? 'transaction'} / ${label}`);
      // Nothing a dapp sends is called unreadable unless it is: only rows that say so carry it.
      if (!r.warnings?.includes('unreadable-instruction')) assert.equal(review.sections.some((s) => s.warnings?.includes('unreadable-instruction')), false);
    });
  }
});
