/**
 * The `latch-*` tags `latchkey/define` registers, read from the sources: a class in components/
 * with `static override readonly tag = 'latch-…'` whose `Class.define()` components/define.ts
 * calls. Read as text because the elements need a DOM to import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function definedElementTags(root: string): Set<string> {
  const define = readFileSync(join(root, 'components/define.ts'), 'utf8');
  const defined = new Set([...define.matchAll(/^(\w+)\.define\(\);$/gm)].map((m) => m[1]!));
  const tags = new Set<string>();
  const dir = join(root, 'components');
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts')) continue;
    const text = readFileSync(join(dir, entry), 'utf8');
    for (const m of text.matchAll(/export class (\w+) extends [\s\S]*?static override readonly tag = '(latch-[a-z0-9-]+)'/g)) {
      if (defined.has(m[1]!)) tags.add(m[2]!);
    }
  }
  return tags;
}
