/**
 * Field checks for request bodies. Every failure is a 400 REQUEST_INVALID naming the field
 * (`parameters.targetPublicKey`), so a client sees which input was wrong.
 */
import { invalidRequest } from './service-error.ts';

export type JsonObject = Record<string, unknown>;

const name = (where: string, key: string): string => (where ? `${where}.${key}` : key);

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function requireObject(o: JsonObject, key: string, where = ''): JsonObject {
  const value = o[key];
  if (!isObject(value)) throw invalidRequest(`${name(where, key)} must be an object.`);
  return value;
}

export function optionalObject(o: JsonObject, key: string, where = ''): JsonObject | undefined {
  if (o[key] === undefined || o[key] === null) return undefined;
  return requireObject(o, key, where);
}

export function requireString(o: JsonObject, key: string, where = '', options: { allowEmpty?: boolean; max?: number } = {}): string {
  const value = o[key];
  if (typeof value !== 'string') throw invalidRequest(`${name(where, key)} must be a string.`);
  if (!options.allowEmpty && value.length === 0) throw invalidRequest(`${name(where, key)} must not be empty.`);
  if (value.length > (options.max ?? 10_000)) throw invalidRequest(`${name(where, key)} is too long.`);
  return value;
}

export function optionalString(o: JsonObject, key: string, where = '', options: { max?: number } = {}): string | undefined {
  if (o[key] === undefined || o[key] === null || o[key] === '') return undefined;
  return requireString(o, key, where, options);
}

export function optionalBoolean(o: JsonObject, key: string, where = ''): boolean | undefined {
  const value = o[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidRequest(`${name(where, key)} must be a boolean.`);
  return value;
}

export function requireArray(o: JsonObject, key: string, where = '', max = 100): unknown[] {
  const value = o[key];
  if (!Array.isArray(value)) throw invalidRequest(`${name(where, key)} must be an array.`);
  if (value.length > max) throw invalidRequest(`${name(where, key)} has more than ${max} entries.`);
  return value;
}

export function optionalArray(o: JsonObject, key: string, where = '', max = 100): unknown[] | undefined {
  if (o[key] === undefined || o[key] === null) return undefined;
  return requireArray(o, key, where, max);
}

export function requireObjectArray(o: JsonObject, key: string, where = '', max = 100): JsonObject[] {
  const values = requireArray(o, key, where, max);
  values.forEach((value, i) => {
    if (!isObject(value)) throw invalidRequest(`${name(where, key)}[${i}] must be an object.`);
  });
  return values as JsonObject[];
}

export function optionalObjectArray(o: JsonObject, key: string, where = '', max = 100): JsonObject[] {
  if (o[key] === undefined || o[key] === null) return [];
  return requireObjectArray(o, key, where, max);
}

export function requireStringArray(o: JsonObject, key: string, where = '', max = 100): string[] {
  const values = requireArray(o, key, where, max);
  values.forEach((value, i) => {
    if (typeof value !== 'string' || value.length === 0) throw invalidRequest(`${name(where, key)}[${i}] must be a non-empty string.`);
  });
  return values as string[];
}

/** A protobuf-JSON int64: a decimal string (`"900"`) or a safe integer number. */
export function optionalUint(o: JsonObject, key: string, where = '', bounds: { min?: number; max?: number } = {}): number | undefined {
  const value = o[key];
  if (value === undefined || value === null || value === '') return undefined;
  let n: number;
  if (typeof value === 'number' && Number.isSafeInteger(value)) n = value;
  else if (typeof value === 'string' && /^\d{1,15}$/.test(value)) n = Number(value);
  else throw invalidRequest(`${name(where, key)} must be a non-negative integer (as a string).`);
  if (n < (bounds.min ?? 0) || n > (bounds.max ?? Number.MAX_SAFE_INTEGER)) {
    throw invalidRequest(`${name(where, key)} is out of range.`);
  }
  return n;
}

export function requireEnum<T extends string>(o: JsonObject, key: string, allowed: readonly T[], where = ''): T {
  const value = o[key];
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalidRequest(`${name(where, key)} must be one of ${allowed.join(', ')}.`);
  }
  return value as T;
}

export function optionalEnum<T extends string>(o: JsonObject, key: string, allowed: readonly T[], where = ''): T | undefined {
  if (o[key] === undefined || o[key] === null || o[key] === '') return undefined;
  return requireEnum(o, key, allowed, where);
}
