import { invalidRequest } from './service-error.ts';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The request body as a JSON object; anything else (bad UTF-8, bad JSON, an array) is a 400. */
export function parseJsonObject(body: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(body));
  } catch (error) {
    throw invalidRequest('The request body is not valid JSON.', error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidRequest('The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

/** Like parseJsonObject, but an empty body counts as `{}` (wallet_kit_config is sent either way). */
export function parseJsonObjectOrEmpty(body: Uint8Array): Record<string, unknown> {
  if (body.length === 0 || /^\s*$/.test(decoder.decode(body))) return {};
  return parseJsonObject(body);
}
