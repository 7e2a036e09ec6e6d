/**
 * Reads EIP-712 typed data for the review: the domain fields `types.EIP712Domain` signs (a field
 * the domain object has but the type does not sign is not shown), the primary type and every
 * field of the message, nested structs and arrays flattened to paths (`to.wallet`,
 * `details[1].token`). Integers are read as the digest reads them (evm-format.ts's toBigInt: a
 * zero-padded hex or decimal string is its integer). What a dapp asks to spend the person's
 * tokens is named: EIP-2612 `Permit`, DAI's `Permit` (`allowed: true`, unlimited), Permit2
 * (`PermitSingle`, `PermitBatch`, `PermitTransferFrom`, `PermitBatchTransferFrom` and their
 * witness forms), each a `permit` and a `delegation` with its spender and amount; a Seaport
 * order (evm-seaport.ts) is a `listing`; a Safe transaction (`SafeTx`) has its call decoded as a
 * transaction's is. Any other primary type is `unknown-type`: the sheet cannot say what it allows.
 *
 * Nothing is cut silently: past MAX_ROWS the rows stop with `truncated`, addresses and amounts
 * (address and integer fields, and fields named for a recipient, amount, value or spender)
 * listed before the rest, and the items of long arrays last. Every string the dapp chose (domain,
 * type and field names, values) goes through the hidden-character filter.
 */
import type { TypedData, TypedDataField } from '../signing/typed-data-digest.ts';
import { reviewCalldata } from './evm-calldata.ts';
import { chainText, formatEth, formatTokenAmount, isUnlimitedAmount, toBigInt, type TokenBook } from './evm-format.ts';
import { seaportSections } from './evm-seaport.ts';
import { addressRow, fieldType, Findings, scalarText, timeRow } from './evm-typed-fields.ts';
import type { ReviewFormat, ReviewLabel, ReviewRow, ReviewSection, ReviewWarning } from './request-review.ts';

const ARRAY = /^(.+)\[(\d*)\]$/;
/** Deeper nesting than this is listed as JSON: a review must end. */
const MAX_DEPTH = 8;
/** The sheet lists at most this many fields; past it, `truncated`. */
export const MAX_ROWS = 100;
/** Leaves read at most (the rest is counted as cut, not walked: a review must end). */
const MAX_LEAVES = 5_000;
/** An array longer than this is a "long array": its items come after every other field. */
const LONG_ARRAY = 8;
/** Field names that say a recipient or an amount, whatever their type. */
const KEY_NAME = /recipient|receiver|beneficiary|amount|value|spender|^to$|^dst$/i;

export interface TypedDataReview {
  sections: ReviewSection[];
  warnings: ReviewWarning[];
}

type Record_ = Record<string, unknown>;
const isRecord = (v: unknown): v is Record_ => typeof v === 'object' && v !== null && !Array.isArray(v);

function formatOf(type: string): ReviewFormat {
  if (type === 'address') return 'address';
  if (/^u?int\d*$/.test(type)) return 'amount';
  if (/^bytes\d*$/.test(type)) return 'hex';
  if (type === 'bool') return 'code';
  return 'text';
}

interface Leaf {
  row: ReviewRow;
  /** 0: an address or an amount; 1: other fields; 2: items of long arrays. */
  rank: number;
}

/** Every leaf of a message, ranked, up to MAX_LEAVES; `cut` when there were more. */
class Leaves {
  readonly list: Leaf[] = [];
  cut = false;
  constructor(
    private readonly types: TypedData['types'],
    private readonly findings: Findings,
  ) {}

  walk(type: string, value: unknown, path: string, name: string, depth: number, long: boolean): void {
    if (this.list.length >= MAX_LEAVES) {
      this.cut = true;
      return;
    }
    const array = ARRAY.exec(type);
    if (array && Array.isArray(value) && depth < MAX_DEPTH) {
      const isLong = long || value.length > LONG_ARRAY;
      value.forEach((item, i) => this.walk(array[1]!, item, `${path}[${i}]`, name, depth + 1, isLong));
      if (value.length === 0) this.push({ name: path, value: '[]', format: 'code' }, long ? 2 : 1);
      return;
    }
    const struct = Object.hasOwn(this.types, type) ? this.types[type] : undefined;
    if (struct && isRecord(value) && depth < MAX_DEPTH) {
      for (const field of struct) {
        const fieldName = this.findings.text(field.name);
        this.walk(field.type, value[field.name], path ? `${path}.${fieldName}` : fieldName, field.name, depth + 1, long);
      }
      return;
    }
    const integer = /^u?int\d*$/.test(type) ? toBigInt(value) : undefined;
    const text = integer !== undefined ? integer.toString() : this.findings.text(scalarText(value));
    const key = type === 'address' || integer !== undefined || KEY_NAME.test(name);
    this.push({ name: path, value: text, format: struct || array ? 'code' : formatOf(type) }, long ? 2 : key ? 0 : 1);
  }

  private push(row: ReviewRow, rank: number): void {
    this.list.push({ row, rank });
  }
}

/** The standard domain fields and their labels; any other field a domain type signs is shown by its name. */
const DOMAIN_LABELS: Readonly<Record<string, { label: ReviewLabel; format: ReviewFormat }>> = {
  name: { label: 'domain-name', format: 'text' },
  version: { label: 'domain-version', format: 'text' },
  chainId: { label: 'chain', format: 'text' },
  verifyingContract: { label: 'contract', format: 'address' },
  salt: { label: 'salt', format: 'hex' },
};
const STANDARD_DOMAIN = ['name', 'version', 'chainId', 'verifyingContract', 'salt'];

/** The fields the digest signs of the domain: `types.EIP712Domain`, or the standard ones present (as the digest reads them). */
export function signedDomainFields(typed: TypedData, domain: Record_): readonly TypedDataField[] {
  const declared = typed.types.EIP712Domain;
  if (Array.isArray(declared)) return declared;
  return STANDARD_DOMAIN.filter((name) => domain[name] !== undefined).map((name) => ({ name, type: '' }));
}

function domainSection(fields: readonly TypedDataField[], domain: Record_, findings: Findings): ReviewSection {
  const rows: ReviewRow[] = [];
  for (const field of fields) {
    const value = domain[field.name];
    if (value === undefined || value === null) continue;
    const known = DOMAIN_LABELS[field.name];
    if (field.name === 'chainId') {
      const id = toBigInt(value);
      rows.push({ label: 'chain', value: id === undefined ? scalarText(value) : chainText(id), format: 'text' });
    } else if (known) rows.push({ label: known.label, value: findings.text(scalarText(value)), format: known.format });
    else rows.push({ name: findings.text(field.name), value: findings.text(scalarText(value)), format: formatOf(field.type) });
  }
  return { title: 'domain', rows };
}

const isUint = (type: string | undefined) => type !== undefined && /^uint\d*$/.test(type);


/** The domain's contract when the domain type signs it ('?' when it does not: a contract not signed is no contract shown). */
function signedContract(typed: TypedData): unknown {
  const domain = isRecord(typed.domain) ? typed.domain : {};
  return signedDomainFields(typed, domain).some((f) => f.name === 'verifyingContract') ? domain.verifyingContract : '?';
}

/** The permit section for EIP-2612, DAI and Permit2 primary types, or undefined for anything else. */
function permitSection(typed: TypedData, findings: Findings, tokens: TokenBook | undefined): ReviewSection | undefined {
  const m = typed.message;
  const rows: ReviewRow[] = [];
  const local = new Set<ReviewWarning>();
  let delegates = true;
  const amountRow = (value: unknown, token: unknown): ReviewRow => {
    const amount = toBigInt(value);
    if (amount !== undefined && isUnlimitedAmount(amount)) local.add('unlimited-amount');
    const info = typeof token === 'string' ? tokens?.[token.toLowerCase()] : undefined;
    return { label: 'amount', value: amount === undefined ? scalarText(value) : formatTokenAmount(amount, info && { decimals: info.decimals, ...(info.symbol ? { symbol: findings.text(info.symbol) } : {}) }), format: 'amount' };
  };
  const tokenAmounts = (items: unknown, expires: boolean) => {
    for (const item of Array.isArray(items) ? items : [items]) {
      if (!isRecord(item)) continue;
      rows.push(addressRow('token', item.token), amountRow(item.amount, item.token));
      if (expires) rows.push(timeRow('expiration', item.expiration));
    }
  };
  const spender = fieldType(typed, 'spender') === 'address';
  switch (typed.primaryType) {
    case 'Permit': {
      const token = signedContract(typed);
      if (spender && isUint(fieldType(typed, 'value'))) {
        // EIP-2612: the token is the domain's contract.
        rows.push(addressRow('token', token), addressRow('spender', m.spender), amountRow(m.value, token), timeRow('deadline', m.deadline));
      } else if (spender && fieldType(typed, 'allowed') === 'bool' && fieldType(typed, 'holder') === 'address') {
        // DAI: `allowed: true` is an allowance of 2^256 − 1; false takes it back.
        rows.push(addressRow('token', token), addressRow('spender', m.spender), { label: 'approved', value: String(m.allowed), format: 'code' }, timeRow('deadline', m.expiry));
        if (m.allowed === true) local.add('unlimited-amount');
        else delegates = false;
      } else return undefined;
      break;
    }
    case 'PermitSingle': // Permit2 AllowanceTransfer
    case 'PermitBatch':
      if (!spender || !fieldType(typed, 'details')) return undefined;
      rows.push(addressRow('spender', m.spender));
      tokenAmounts(m.details, true);
      rows.push(timeRow('deadline', m.sigDeadline));
      break;
    case 'PermitTransferFrom': // Permit2 SignatureTransfer
    case 'PermitBatchTransferFrom':
    case 'PermitWitnessTransferFrom':
    case 'PermitBatchWitnessTransferFrom':
      if (!spender || !fieldType(typed, 'permitted')) return undefined;
      rows.push(addressRow('spender', m.spender));
      tokenAmounts(m.permitted, false);
      rows.push(timeRow('deadline', m.deadline));
      break;
    default:
      return undefined;
  }
  // A DAI permit with allowed: false delegates nothing (it revokes).
  const warnings: ReviewWarning[] = delegates ? ['permit', 'delegation'] : ['permit'];
  if (local.has('unlimited-amount')) warnings.push('unlimited-amount');
  for (const w of warnings) findings.warnings.add(w);
  return { title: 'permit', heading: findings.text(typed.primaryType), rows, warnings };
}

/** A Safe transaction (SafeTx): its call decoded as a transaction's, from the Safe of the domain. */
function safeTxSections(typed: TypedData, findings: Findings, tokens: TokenBook | undefined): ReviewSection[] | undefined {
  const m = typed.message;
  if (fieldType(typed, 'to') !== 'address' || fieldType(typed, 'data') !== 'bytes' || typeof m.to !== 'string' || typeof m.data !== 'string') return undefined;
  const value = toBigInt(m.value) ?? 0n;
  const operation = toBigInt(m.operation);
  const rows: ReviewRow[] = [
    addressRow('contract', signedContract(typed)),
    addressRow('to', m.to),
    { label: 'value', value: formatEth(value), format: 'amount' },
    { label: 'operation', value: operation === 0n ? 'call' : operation === 1n ? 'delegatecall' : scalarText(m.operation), format: 'code' },
  ];
  const sections: ReviewSection[] = [{ title: 'call', heading: 'SafeTx', rows }];
  const call = reviewCalldata(m.to, m.data, tokens ? { tokens } : {});
  if (call) {
    sections.push(...call.sections);
    for (const w of call.warnings) findings.warnings.add(w);
  }
  return sections;
}

/**
 * The review of valid typed data (the provider computes its digest first, which checks it).
 * `currentChain` is the chain the account is on: a domain naming another one warns. `tokens`:
 * tokens whose decimals are known, for amounts in their units.
 */
export function reviewTypedData(typed: TypedData, currentChain?: bigint, tokens?: TokenBook): TypedDataReview {
  const findings = new Findings();
  const domain = isRecord(typed.domain) ? typed.domain : {};
  const domainFields = signedDomainFields(typed, domain);
  // Hidden characters in any name the dapp chose: types, fields, the primary type.
  for (const [name, fields] of Object.entries(typed.types)) {
    findings.text(name);
    if (Array.isArray(fields)) for (const field of fields) findings.text(`${field.name} ${field.type}`);
  }
  const chainId = domainFields.some((f) => f.name === 'chainId') ? toBigInt(domain.chainId) : undefined;
  if (chainId !== undefined && currentChain !== undefined && chainId !== currentChain) findings.warnings.add('chain-mismatch');
  const sections: ReviewSection[] = [];
  const permit = permitSection(typed, findings, tokens);
  const special = permit ? [permit] : (seaportSections(typed, findings, tokens) ?? (typed.primaryType === 'SafeTx' ? safeTxSections(typed, findings, tokens) : undefined));
  if (special) sections.push(...special);
  else if (typed.primaryType !== 'EIP712Domain') findings.warnings.add('unknown-type');
  sections.push(domainSection(domainFields, domain, findings));
  // A primary type of EIP712Domain signs the domain alone (its message is not part of the digest).
  const fields: readonly TypedDataField[] = typed.primaryType === 'EIP712Domain' ? [] : (typed.types[typed.primaryType] ?? []);
  const leaves = new Leaves(typed.types, findings);
  for (const field of fields) leaves.walk(field.type, typed.message[field.name], findings.text(field.name), field.name, 0, false);
  // Addresses and amounts first, long arrays last, each group in the order the types declare.
  const ranked = [0, 1, 2].flatMap((rank) => leaves.list.filter((leaf) => leaf.rank === rank));
  const rows = ranked.slice(0, MAX_ROWS).map((leaf) => leaf.row);
  if (leaves.cut || ranked.length > MAX_ROWS) findings.warnings.add('truncated');
  sections.push({ title: 'fields', heading: findings.text(typed.primaryType), rows, ...(findings.warnings.has('truncated') ? { warnings: ['truncated'] } : {}) });
  return { sections, warnings: [...findings.warnings] };
}
