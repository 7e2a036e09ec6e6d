/**
 * What the typed-data readers share (evm-typed-data.ts, evm-seaport.ts): the findings of one
 * review with the hidden-character filter every dapp string goes through, and the rows they write.
 */
import type { TypedData } from '../signing/typed-data-digest.ts';
import { formatUnixSeconds, toBigInt } from './evm-format.ts';
import { hasHiddenCharacters, revealHiddenCharacters } from './hidden-characters.ts';
import type { ReviewLabel, ReviewRow, ReviewWarning } from './request-review.ts';

/** The warnings of one review, and the filter every dapp string goes through. */
export class Findings {
  readonly warnings = new Set<ReviewWarning>();
  text(value: string): string {
    if (!hasHiddenCharacters(value)) return value;
    this.warnings.add('hidden-characters');
    return revealHiddenCharacters(value);
  }
}

export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? String(value);
}

/** The type of `name` in the primary struct, when it declares it. */
export const fieldType = (typed: TypedData, name: string): string | undefined => typed.types[typed.primaryType]?.find((f) => f.name === name)?.type;
export function timeRow(label: ReviewLabel, value: unknown): ReviewRow {
  const seconds = toBigInt(value);
  if (seconds === undefined) return { label, value: scalarText(value), format: 'text' };
  const { value: text, isDate } = formatUnixSeconds(seconds);
  return { label, value: text, format: isDate ? 'date' : 'amount' };
}

export const addressRow = (label: ReviewLabel, value: unknown): ReviewRow => ({ label, value: scalarText(value), format: 'address' });
