/**
 * Reads README's "Compared with the hosted drop-in kit" table and says what in it does not hold.
 * Row: | hosted names | Latchkey elements and APIs | how, or why not |. The middle column holds
 * only `<latch-*>` elements, backticked API names and commas (or "—" with a reason), so that
 * everything it names is checked; prose goes in the third column.
 */
import { HOOK_MEMBERS, PROVIDER_OPTIONS } from './hosted-kit-members.ts';

export const HOSTED_TABLE_HEADING = '## Compared with the hosted drop-in kit';

export interface HostedRow {
  hosted: string[];
  elements: string[];
  apis: string[];
  /** Text in the Latchkey column that is neither an element nor an API. */
  stray: string[];
  why: string;
}

const ELEMENT = /`?<(latch-[a-z0-9-]+)>`?/g;
const API = /`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)`/g;

export function parseHostedTable(markdown: string): HostedRow[] {
  const start = markdown.indexOf(`\n${HOSTED_TABLE_HEADING}\n`);
  if (start < 0) return [];
  const rest = markdown.slice(start + HOSTED_TABLE_HEADING.length + 2);
  const end = rest.indexOf('\n## ');
  const section = end < 0 ? rest : rest.slice(0, end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
      const [hostedCell = '', latchCell = '', why = ''] = cells;
      const elements = [...latchCell.matchAll(ELEMENT)].map((m) => m[1]!);
      const apis = [...latchCell.replace(ELEMENT, '').matchAll(API)].map((m) => m[1]!);
      const stray = latchCell.replace(ELEMENT, '').replace(API, '').split(/[,—]/).map((s) => s.trim()).filter(Boolean);
      return { hosted: [...hostedCell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!), elements, apis, stray, why };
    });
}

/** What does not hold, one line each; empty when the table is honest. */
export function hostedTableProblems(rows: HostedRow[], tags: ReadonlySet<string>, api: ReadonlySet<string>): string[] {
  const reference = new Set([...HOOK_MEMBERS, ...PROVIDER_OPTIONS]);
  const out: string[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const name = row.hosted.join(', ');
    for (const hosted of row.hosted) {
      seen.set(hosted, (seen.get(hosted) ?? 0) + 1);
      if (!reference.has(hosted)) out.push(`${hosted} is not a member of the hosted kit 2.4.3`);
    }
    for (const tag of row.elements) if (!tags.has(tag)) out.push(`${name}: <${tag}> is not an element latchkey/define registers`);
    for (const ref of row.apis) if (!api.has(ref)) out.push(`${name}: ${ref} is not exported by a package entry`);
    for (const text of row.stray) out.push(`${name}: "${text}" in the Latchkey column is neither an element nor an API`);
    if (row.elements.length + row.apis.length === 0 && !row.why) out.push(`${name}: no element or API, and no reason why not`);
  }
  for (const hosted of HOOK_MEMBERS) if (!seen.has(hosted)) out.push(`${hosted} (useTurnkey) has no row`);
  for (const hosted of PROVIDER_OPTIONS) if (!seen.has(hosted)) out.push(`${hosted} (provider option) has no row`);
  for (const [hosted, count] of seen) if (count > 1) out.push(`${hosted} has ${count} rows`);
  return out;
}
