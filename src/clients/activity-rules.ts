/**
 * The constraints the seed states for request bodies, checked before anything is sent (and
 * reusable by the emulator, which must refuse the same bodies). Each check returns the body to
 * send, with numbers the wire wants as strings converted, or throws a typed LatchError.
 */
import { LatchError } from '../errors/latch-error.ts';
import { ACTIVITY_OPERATIONS, QUERY_OPERATIONS } from './activity-operations.ts';
import { isObject, requireString, type JsonObject } from './http.ts';


const invalid = (message: string) => new LatchError('ERR_INPUT_INVALID', message);
const has = (table: object, key: unknown): boolean => typeof key === 'string' && Object.hasOwn(table, key);


/**
 * Checks a submit operation's name and parameters; resolves to the parameters to send. Only the
 * on-ramp has rules of its own, and they load with the first on-ramp request: a page that
 * signs never carries them.
 */
export async function checkSubmit(operation: unknown, parameters: unknown): Promise<JsonObject> {
  if (!has(ACTIVITY_OPERATIONS, operation)) throw invalid('Unknown activity operation.');
  if (!isObject(parameters)) throw invalid('"parameters" must be an object.');
  return operation === 'init_fiat_on_ramp' ? (await import('./onramp-rules.ts')).checkOnRampParameters(parameters) : parameters;
}

/** Checks a query's name and body; returns the body to send. */
export function checkQuery(operation: unknown, body: unknown): JsonObject {
  if (!has(QUERY_OPERATIONS, operation)) throw invalid('Unknown query operation.');
  if (!isObject(body)) throw invalid('The query body must be an object.');
  for (const field of QUERY_OPERATIONS[operation as keyof typeof QUERY_OPERATIONS].required) {
    requireString(body[field], field);
  }
  const pagination = body.paginationOptions;
  if (!isObject(pagination) || pagination.limit === undefined || pagination.limit === null) return body;
  const limit = pagination.limit;
  const n = typeof limit === 'number' ? limit : typeof limit === 'string' && /^\d+$/.test(limit) ? Number(limit) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 100) {
    throw new LatchError('ERR_PAGINATION_LIMIT', 'The page size must be an integer from 1 to 100.');
  }
  return { ...body, paginationOptions: { ...pagination, limit: String(n) } };
}
