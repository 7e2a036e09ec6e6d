/**
 * Tokens of the policy language (conditions and consensus expressions). A hand-written
 * scanner: policy text comes from API callers, so nothing here ever evaluates source code,
 * and every input either becomes a token list or fails with a position.
 *
 * Strings take single quotes only, like the hosted service's language; `\'` and `\\` escape.
 */
import { LatchError } from '../../../src/errors/latch-error.ts';

export type TokenKind = 'ident' | 'string' | 'number' | 'op' | 'punct' | 'end';

export interface Token {
  kind: TokenKind;
  /** Identifier name, operator or punctuation text, or the decoded string / number text. */
  text: string;
  /** Offset in the source, for messages. */
  at: number;
}

/** Longest first, so `==` wins over `=` and `<=` over `<`. */
const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!'] as const;
const PUNCTUATION = new Set(['(', ')', '[', ']', ',', '.']);

/** Policy text is short; a bound keeps a hostile one from costing much. */
export const MAX_EXPRESSION_LENGTH = 4096;

export const syntaxError = (message: string): LatchError => new LatchError('ERR_INPUT_INVALID', message);

const isIdentStart = (c: string) => /[A-Za-z_]/.test(c);
const isIdentPart = (c: string) => /[A-Za-z0-9_]/.test(c);
const isDigit = (c: string) => c >= '0' && c <= '9';

function readString(source: string, start: number): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "'") return { value, end: i + 1 };
    if (c === '\\') {
      const next = source[i + 1];
      if (next !== "'" && next !== '\\') throw syntaxError(`Unknown escape in the string at ${i}.`);
      value += next;
      i += 2;
      continue;
    }
    if (c === '\n' || c === '\r') break;
    value += c;
    i += 1;
  }
  throw syntaxError(`Unterminated string starting at ${start}.`);
}

export function tokenize(source: string): Token[] {
  if (source.length > MAX_EXPRESSION_LENGTH) throw syntaxError(`The expression is longer than ${MAX_EXPRESSION_LENGTH} characters.`);
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i += 1;
      continue;
    }
    if (c === "'") {
      const { value, end } = readString(source, i);
      tokens.push({ kind: 'string', text: value, at: i });
      i = end;
      continue;
    }
    if (c === '"') throw syntaxError(`Strings take single quotes (at ${i}).`);
    if (isDigit(c)) {
      let end = i;
      while (end < source.length && isDigit(source[end]!)) end += 1;
      // A fraction only when a digit follows the dot: `x.count()` must stay a member call.
      if (source[end] === '.' && isDigit(source[end + 1] ?? '')) {
        end += 1;
        while (end < source.length && isDigit(source[end]!)) end += 1;
      }
      if (isIdentPart(source[end] ?? '')) throw syntaxError(`Malformed number at ${i}.`);
      tokens.push({ kind: 'number', text: source.slice(i, end), at: i });
      i = end;
      continue;
    }
    if (isIdentStart(c)) {
      let end = i + 1;
      while (end < source.length && isIdentPart(source[end]!)) end += 1;
      tokens.push({ kind: 'ident', text: source.slice(i, end), at: i });
      i = end;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (op) {
      tokens.push({ kind: 'op', text: op, at: i });
      i += op.length;
      continue;
    }
    if (PUNCTUATION.has(c)) {
      tokens.push({ kind: 'punct', text: c, at: i });
      i += 1;
      continue;
    }
    throw syntaxError(`Unexpected character at ${i}.`);
  }
  tokens.push({ kind: 'end', text: '', at: source.length });
  return tokens;
}
