// <latch-confirm> drawing Solana reviews as a person reads them, in en, es and ar (right to
// left, with addresses and amounts left to right), with axe: a v0 transaction compiled by
// @solana/kit (code this project did not write) that takes its transfer's recipient from an
// address lookup table and carries an instruction no decoder reads (both warned: the table's
// entries are unresolved), and an SPL Token approve of u64::MAX (a delegation, unlimited). Every label is words in the sheet's language (no key, no raw field name of the
// wire format), and each warning shows both above the request and in its instruction.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getApproveInstruction } from '@solana-program/token';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchConfirm } from '../../../components/latch-confirm/latch-confirm.ts';
import { solanaTransactionReview } from '../../../src/review/solana-transaction-review.ts';
import type { RequestReview } from '../../../src/review/request-review.ts';
import { deepActiveElement, pinBrowserLanguages } from '../support/helpers.ts';
import { part, parts, text } from '../support/shadow.ts';

LatchConfirm.define();
pinBrowserLanguages(['en-US']);

const randomAddress = () => address(getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(32))));
const PAYER = randomAddress();
const RECIPIENT = randomAddress();
const TABLE = randomAddress();
const READ = randomAddress();
const SOURCE = randomAddress();
const DELEGATE = randomAddress();
const UNKNOWN = randomAddress();
const U64_MAX = 2n ** 64n - 1n;
const CONTEXT = { origin: 'https://solana-dapp.example', account: PAYER, chain: { id: 'solana:devnet', name: 'Solana Devnet' } };

/** @solana/kit's wire bytes of a v0 message of `instructions` paid by PAYER; `tables` compress what they hold. */
function wire(instructions: Instruction[], tables: Record<Address, Address[]> = {}): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(PAYER, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: randomAddress() as unknown as Blockhash, lastValidBlockHeight: 1n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, tables),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}

const signer = createNoopSigner(PAYER);
/** A transfer of 1.5 SOL to RECIPIENT (TABLE's entry 1, written) and an instruction of a program the sheet cannot read, reading READ (TABLE's entry 2). */
const transferAndMemo = (): RequestReview =>
  solanaTransactionReview({ ...CONTEXT, action: 'sign-transaction' }, wire(
    [getTransferSolInstruction({ source: signer, destination: RECIPIENT, amount: 1_500_000_000n }), { programAddress: UNKNOWN, accounts: [{ address: READ, role: AccountRole.READONLY }], data: new TextEncoder().encode('hi') }],
    { [TABLE]: [randomAddress(), RECIPIENT, READ] },
  ));
const unlimitedApprove = (): RequestReview =>
  solanaTransactionReview({ ...CONTEXT, action: 'send-transaction' }, wire([getApproveInstruction({ source: SOURCE, delegate: DELEGATE, owner: signer, amount: U64_MAX })]));

afterEach(() => {
  for (const el of document.querySelectorAll('latch-confirm')) el.remove();
});

async function ask(review: RequestReview, locale: string): Promise<LatchConfirm> {
  const el = await fixture<LatchConfirm>(html`<latch-confirm locale=${locale}></latch-confirm>`);
  void el.ask(review);
  await el.updateComplete;
  await waitUntil(() => el.open && el.shadowRoot!.contains(deepActiveElement()), 'the sheet did not take focus');
  // Spanish and Arabic load when first shown: wait for the title in the sheet's language.
  await waitUntil(() => !/^confirm\./.test(text(part(el, 'title'))), 'the messages did not load');
  return el;
}

/** Each section's title, heading, warnings and rows (label → value) as shown. */
function sections(el: LatchConfirm) {
  return parts(el, 'section').map((section) => ({
    title: text(section.querySelector('[part~="section-title"]')),
    heading: text(section.querySelector('[part~="section-heading"]')),
    warnings: Array.from(section.querySelectorAll('[part~="section-warnings"] li'), text),
    rows: Array.from(section.querySelectorAll('[part~="row"]'), (row) => [text(row.querySelector('dt')), text(row.querySelector('dd'))]),
  }));
}

/**
 * Numbers in Arabic words as the engine's Intl writes them: WebKit's 'ar' gives Arabic-Indic
 * digits (١), Chromium's and Firefox's Western ones.
 */
const arabic = (n: number) => new Intl.NumberFormat('ar').format(n);

/** What a person reads, per language. Values are data, the same in every language. */
const WORDS = {
  en: {
    sign: 'Sign this transaction?', send: 'Send this transaction?', transaction: 'Transaction', instruction: 'Instruction', first: 'Instruction 1 of 2', second: 'Instruction 2 of 2',
    version: 'Version', feePayer: 'Fee payer', blockhash: 'Recent blockhash', table: 'Address lookup table', writable: 'Entries it may change', readonly: 'Entries it reads', accounts: 'Accounts',
    program: 'Program', from: 'From', to: 'To', sol: 'Amount in SOL', lamports: 'Lamports', data: 'Data',
    source: 'Source', delegate: 'Delegate', owner: 'Owner', amount: 'Amount', fee: 'Maximum fee',
    unresolved: 'Some accounts come from an address lookup table and are shown as table[entry]: their addresses are not in the request, so the sheet cannot show where they lead.',
    delegation: 'This lets someone else spend or move your assets. Check who (the spender) and how much.',
    unreadable: 'This transaction has an instruction that cannot be read. Approve only if you trust this page.',
    unlimited: 'Unlimited amount: this lets the spender take all of this token you hold, now and later.',
  },
  es: {
    sign: '¿Firmar esta transacción?', send: '¿Enviar esta transacción?', transaction: 'Transacción', instruction: 'Instrucción', first: 'Instrucción 1 de 2', second: 'Instrucción 2 de 2',
    version: 'Versión', feePayer: 'Paga la comisión', blockhash: 'Blockhash reciente', table: 'Tabla de búsqueda de direcciones', writable: 'Entradas que puede modificar', readonly: 'Entradas que lee', accounts: 'Cuentas',
    program: 'Programa', from: 'De', to: 'Para', sol: 'Cantidad en SOL', lamports: 'Lamports', data: 'Datos',
    source: 'Origen', delegate: 'Delegado', owner: 'Propietario', amount: 'Cantidad', fee: 'Comisión máxima',
    unresolved: 'Algunas cuentas vienen de una tabla de búsqueda de direcciones y se muestran como tabla[entrada]: sus direcciones no están en la solicitud, así que no se puede mostrar adónde llevan.',
    delegation: 'Esto permite que otra persona gaste o mueva tus activos. Comprueba quién (el autorizado) y cuánto.',
    unreadable: 'Esta transacción tiene una instrucción que no se puede leer. Aprueba solo si confías en esta página.',
    unlimited: 'Cantidad ilimitada: permite al autorizado tomar todo este token que tengas, ahora y más adelante.',
  },
  ar: {
    sign: 'هل توقّع هذه المعاملة؟', send: 'هل ترسل هذه المعاملة؟', transaction: 'المعاملة', instruction: 'التعليمة', first: `التعليمة ${arabic(1)} من ${arabic(2)}`, second: `التعليمة ${arabic(2)} من ${arabic(2)}`,
    version: 'الإصدار', feePayer: 'دافع الرسوم', blockhash: 'تجزئة الكتلة الأخيرة', table: 'جدول البحث عن العناوين', writable: 'مدخلات قد تغيّرها', readonly: 'مدخلات تقرؤها', accounts: 'الحسابات',
    program: 'البرنامج', from: 'من', to: 'إلى', sol: 'المبلغ بعملة SOL', lamports: 'لامبورت', data: 'البيانات',
    source: 'المصدر', delegate: 'المفوَّض', owner: 'المالك', amount: 'المبلغ', fee: 'أقصى رسوم',
    unresolved: 'بعض الحسابات مأخوذة من جدول بحث عناوين وتظهر بصيغة الجدول[المدخل]: عناوينها ليست في الطلب، فلا يمكن إظهار وجهتها.',
    delegation: 'يتيح هذا لشخص آخر إنفاق أصولك أو نقلها. تحقّق ممن (المُنفِق) وكم المبلغ.',
    unreadable: 'تحتوي هذه المعاملة على تعليمة لا يمكن قراءتها. وافق فقط إذا كنت تثق بهذه الصفحة.',
    unlimited: 'مبلغ غير محدود: يتيح هذا للمُنفِق أخذ كل ما تملكه من هذا الرمز، الآن ولاحقًا.',
  },
} as const;

/** No translation key and no wire-format field name shows anywhere in the sheet. */
function expectNoRawNames(el: LatchConfirm, locale: string): void {
  expect(el.shadowRoot!.textContent!, locale).to.not.match(/confirm\.|addressTableLookups|Indexes/);
  // Every row is labelled by the review, so its label is translated words (a dapp-named row would draw <code>).
  for (const dt of el.shadowRoot!.querySelectorAll('[part~="row"] dt')) expect(dt.querySelector('code'), `${locale}: ${text(dt)}`).to.equal(null);
}

describe('<latch-confirm> with Solana reviews', () => {
  for (const locale of ['en', 'es', 'ar'] as const) {
    const w = WORDS[locale];

    it(`${locale}: a v0 transfer whose recipient is in a lookup table, and an unreadable instruction; axe`, async () => {
      const review = transferAndMemo();
      const el = await ask(review, locale);
      expect(el.getAttribute('dir')).to.equal(locale === 'ar' ? 'rtl' : 'ltr');
      expect(text(part(el, 'title'))).to.equal(w.sign);
      expect(text(part(el, 'origin'))).to.equal('https://solana-dapp.example');
      expect(text(part(el, 'account'))).to.equal(PAYER);
      expect(text(part(el, 'chain'))).to.equal('Solana Devnet (solana:devnet)');
      expect(parts(el, 'warning').map(text)).to.deep.equal([w.unresolved, w.unreadable]);
      const [tx, transfer, unknown, ...rest] = sections(el);
      expect(rest).to.deep.equal([]);
      const blockhash = review.sections[0]!.rows.find((r) => r.label === 'recent-blockhash')!.value;
      expect(tx).to.deep.equal({
        title: w.transaction,
        heading: '',
        warnings: [],
        // The table's own address and the entries the transaction takes from it: RECIPIENT
        // (entry 1) to be written, READ (entry 2) to be read.
        rows: [[w.version, '0'], [w.feePayer, PAYER], [w.blockhash, blockhash], [w.table, TABLE], [w.writable, '1'], [w.readonly, '2'], [w.fee, '0.000005 SOL']],
      });
      // Two instructions: each region is named by its number (axe: landmark-unique).
      expect(transfer).to.deep.equal({
        title: w.first,
        heading: 'System Program: transfer',
        warnings: [w.unresolved],
        rows: [[w.program, '11111111111111111111111111111111'], [w.from, PAYER], [w.to, `${TABLE}[1]`], [w.sol, '1.5'], [w.lamports, '1500000000']],
      });
      expect(unknown).to.deep.equal({ title: w.second, heading: '', warnings: [w.unreadable, w.unresolved], rows: [[w.program, UNKNOWN], [w.accounts, `${TABLE}[2]`], [w.data, '0x6869']] });
      expectNoRawNames(el, locale);
      // Values are data: addresses, hex and amounts read left to right, in Arabic too (all but
      // the version, a plain word-like value the sheet leaves to the browser).
      const values = el.shadowRoot!.querySelectorAll('[part~="section"] [part~="value"]:not(.text)');
      expect(values.length).to.equal(14);
      for (const value of values) expect(value.getAttribute('dir'), text(value)).to.equal('ltr');
      await expect(el).to.be.accessible();
    });

    it(`${locale}: an SPL Token approve of u64::MAX, with the unlimited-amount and delegation warnings above and in its instruction; axe`, async () => {
      const el = await ask(unlimitedApprove(), locale);
      expect(text(part(el, 'title'))).to.equal(w.send);
      expect(parts(el, 'warning').map(text)).to.deep.equal([w.unlimited, w.delegation]);
      const [, approve] = sections(el);
      expect(approve).to.deep.equal({
        title: w.instruction,
        heading: 'Token Program: approve',
        warnings: [w.unlimited, w.delegation],
        rows: [[w.program, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'], [w.source, SOURCE], [w.delegate, DELEGATE], [w.owner, PAYER], [w.amount, U64_MAX.toString()]],
      });
      expectNoRawNames(el, locale);
      // The live region says who asks and what, in the sheet's language.
      await el.updateComplete;
      const announced = text(part(el, 'announcer'));
      expect(announced).to.contain('https://solana-dapp.example');
      expect(announced).to.contain(w.send);
      await expect(el).to.be.accessible();
    });
  }
});
