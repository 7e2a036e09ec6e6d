/**
 * Evaluation of a parsed policy expression against plain data. Strictly typed like the hosted
 * language: `&&`, `||` and `!` want booleans, ordering wants integers, a missing field is an
 * error. An error means "this policy does not apply" to the caller (policy-engine.ts), never
 * a crash. Only own properties of the given data are read, so no prototype is reachable.
 */
import { LatchError } from '../../../src/errors/latch-error.ts';
import type { Expr } from './expression-parser.ts';

export type Value = string | bigint | number | boolean | null | Value[] | Struct;
export interface Struct {
  readonly [field: string]: Value;
}

export type Scope = ReadonlyMap<string, Value>;

export const evaluationError = (message: string): LatchError => new LatchError('ERR_INPUT_INVALID', message);

const isStruct = (v: Value): v is Struct => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumeric = (v: Value): v is bigint | number => typeof v === 'bigint' || typeof v === 'number';

/** JSON (parameters, records) as language values: integers become bigint. */
export function toValue(json: unknown): Value {
  if (json === null || json === undefined) return null;
  if (typeof json === 'string' || typeof json === 'boolean' || typeof json === 'bigint') return json;
  if (typeof json === 'number') return Number.isSafeInteger(json) ? BigInt(json) : json;
  if (Array.isArray(json)) return json.map(toValue);
  if (typeof json === 'object') {
    const out: Record<string, Value> = Object.create(null) as Record<string, Value>;
    for (const [key, value] of Object.entries(json)) out[key] = toValue(value);
    return out;
  }
  throw evaluationError('Unsupported value.');
}

function equal(a: Value, b: Value): boolean {
  if (isNumeric(a) && isNumeric(b)) return compareNumbers(a, b) === 0;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => equal(item, b[i]!));
  }
  if (isStruct(a) || isStruct(b)) {
    if (!isStruct(a) || !isStruct(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equal(a[k]!, b[k]!));
  }
  return a === b;
}

function compareNumbers(a: bigint | number, b: bigint | number): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  const x = Number(a);
  const y = Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function boolean(value: Value, what: string): boolean {
  if (typeof value !== 'boolean') throw evaluationError(`${what} needs a boolean.`);
  return value;
}

function list(value: Value, method: string): Value[] {
  if (!Array.isArray(value)) throw evaluationError(`${method}() applies to a list.`);
  return value;
}

export class Evaluator {
  /** Bounds the work of a hostile expression over large lists. */
  private steps = 0;

  constructor(private readonly maxSteps = 100_000) {}

  evaluate(expr: Expr, scope: Scope): Value {
    if (++this.steps > this.maxSteps) throw evaluationError('The expression takes too many steps.');
    switch (expr.kind) {
      case 'literal':
        return expr.value;
      case 'name': {
        if (!scope.has(expr.name)) throw evaluationError(`Unknown name at ${expr.at}.`);
        return scope.get(expr.name)!;
      }
      case 'list':
        return expr.items.map((item) => this.evaluate(item, scope));
      case 'member': {
        const object = this.evaluate(expr.object, scope);
        if (!isStruct(object) || !Object.hasOwn(object, expr.name)) throw evaluationError(`No field at ${expr.at}.`);
        return object[expr.name]!;
      }
      case 'index':
        return this.index(this.evaluate(expr.object, scope), this.evaluate(expr.index, scope));
      case 'not':
        return !boolean(this.evaluate(expr.operand, scope), '!');
      case 'binary':
        return this.binary(expr, scope);
      case 'call':
        return this.call(expr, scope);
    }
  }

  private index(object: Value, index: Value): Value {
    if (Array.isArray(object) || typeof object === 'string') {
      if (typeof index !== 'bigint' || index < 0n || index >= BigInt(object.length)) throw evaluationError('Index out of range.');
      return object[Number(index)]!;
    }
    if (isStruct(object) && typeof index === 'string') {
      if (!Object.hasOwn(object, index)) throw evaluationError('No such key.');
      return object[index]!;
    }
    throw evaluationError('This value cannot be indexed.');
  }

  private binary(expr: Extract<Expr, { kind: 'binary' }>, scope: Scope): Value {
    if (expr.op === '&&') return boolean(this.evaluate(expr.left, scope), '&&') && boolean(this.evaluate(expr.right, scope), '&&');
    if (expr.op === '||') return boolean(this.evaluate(expr.left, scope), '||') || boolean(this.evaluate(expr.right, scope), '||');
    const left = this.evaluate(expr.left, scope);
    const right = this.evaluate(expr.right, scope);
    switch (expr.op) {
      case '==':
        return equal(left, right);
      case '!=':
        return !equal(left, right);
      case 'in':
        return list(right, 'in').some((item) => equal(left, item));
      default: {
        if (!isNumeric(left) || !isNumeric(right)) throw evaluationError(`${expr.op} compares integers.`);
        const c = compareNumbers(left, right);
        return expr.op === '<' ? c < 0 : expr.op === '<=' ? c <= 0 : expr.op === '>' ? c > 0 : c >= 0;
      }
    }
  }

  private call(expr: Extract<Expr, { kind: 'call' }>, scope: Scope): Value {
    const target = this.evaluate(expr.object, scope);
    switch (expr.method) {
      case 'count':
        if (typeof target === 'string') return BigInt(target.length);
        return BigInt(list(target, 'count').length);
      case 'contains': {
        const needle = this.evaluate(expr.args[0]!, scope);
        if (typeof target === 'string' && typeof needle === 'string') return target.includes(needle);
        return list(target, 'contains').some((item) => equal(item, needle));
      }
      case 'any':
      case 'all':
      case 'filter': {
        const items = list(target, expr.method);
        const variable = (expr.args[0] as Extract<Expr, { kind: 'name' }>).name;
        const predicate = expr.args[1]!;
        const test = (item: Value): boolean => {
          const inner = new Map(scope);
          inner.set(variable, item);
          return boolean(this.evaluate(predicate, inner), `${expr.method}()`);
        };
        if (expr.method === 'any') return items.some(test);
        if (expr.method === 'all') return items.every(test);
        return items.filter(test);
      }
      default:
        throw evaluationError(`Unknown method at ${expr.at}.`);
    }
  }
}

/** Evaluates to a boolean, or throws: a non-boolean result is an error, never "truthy". */
export function evaluateBoolean(expr: Expr, scope: Scope): boolean {
  const value = new Evaluator().evaluate(expr, scope);
  if (typeof value !== 'boolean') throw evaluationError('The expression does not give a boolean.');
  return value;
}
