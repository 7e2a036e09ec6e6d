/**
 * Proxy inputs in snake_case are accepted too (one real client sends `public_key`): keys are
 * camel-cased recursively unless the camelCase key is also present (then it wins).
 */
const camel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function camelizeKeys(value: unknown, depth = 0): unknown {
  if (depth > 20) return value;
  if (Array.isArray(value)) return value.map((v) => camelizeKeys(v, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const input = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(input)) {
    const name = key.includes('_') ? camel(key) : key;
    if (name !== key && Object.hasOwn(input, name)) continue;
    out[name] = camelizeKeys(inner, depth + 1);
  }
  return out;
}
