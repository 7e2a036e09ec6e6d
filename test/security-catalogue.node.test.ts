// SECURITY.md's table is a promise about the suite: every catalogue id is listed once, in order,
// with a status; every row (n/a ones too: their test keeps the premise true) names test files
// that exist, and the first of them holds a test whose title starts with "<id> <name>". A
// renamed, moved or deleted test fails here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const GROUPS: [string, number][] = [['A', 10], ['B', 10], ['C', 12], ['D', 6], ['E', 7], ['F', 5]];
const EXPECTED_IDS = GROUPS.flatMap(([letter, count]) => Array.from({ length: count }, (_, i) => `${letter}${i + 1}`));

interface Row {
  id: string;
  name: string;
  files: string[];
  status: string;
}

function parseTable(markdown: string): Row[] {
  return markdown
    .split('\n')
    .filter((line) => /^\| [A-F]\d+ \|/.test(line))
    .map((line) => {
      const cells = line.split(' | ').map((cell) => cell.replace(/^\| |\s*\|$/g, '').trim());
      assert.equal(cells.length, 5, `five cells: ${line}`);
      const [id, name, , where, status] = cells as [string, string, string, string, string];
      return { id, name: name.replace(/`/g, ''), files: [...where.matchAll(/`([^`]+)`/g)].map((m) => m[1]!), status };
    });
}

/** The problems with one row, as sentences (none: the row holds). */
function problems(row: Row, read: (path: string) => string | undefined): string[] {
  const out: string[] = [];
  const kind = /^(covered|partial|n\/a)\b/.exec(row.status)?.[1];
  if (!kind) return [`${row.id}: status "${row.status}" is not covered, partial or n/a`];
  if (kind !== 'covered' && !/^[^:]+: \S/.test(row.status)) out.push(`${row.id}: a ${kind} row says why`);
  if (row.files.length === 0) return [...out, `${row.id}: names no test file`];
  const texts = row.files.map((file) => [file, read(file)] as const);
  for (const [file, text] of texts) if (text === undefined) out.push(`${row.id}: ${file} does not exist`);
  const first = texts[0]![1];
  const title = new RegExp(`\\b(?:it|describe)\\(\\s*['"\`]${row.id} ${row.name.replace(/[-]/g, '\\-')}\\b`);
  if (first !== undefined && !title.test(first)) out.push(`${row.id}: ${row.files[0]} has no test titled "${row.id} ${row.name}…"`);
  return out;
}

const readInRepo = (path: string): string | undefined => (existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : undefined);

describe('SECURITY.md catalogue table', () => {
  const rows = parseTable(readFileSync(join(ROOT, 'SECURITY.md'), 'utf8'));

  it('lists the fifty ids once each, in order', () => {
    assert.deepEqual(rows.map((r) => r.id), EXPECTED_IDS);
  });

  it('every row points at a file holding a test named "<id> <name>"', () => {
    assert.deepEqual(rows.flatMap((row) => problems(row, readInRepo)), []);
    const counts = { covered: 0, partial: 0, 'n/a': 0 } as Record<string, number>;
    for (const row of rows) counts[row.status.split(/[:\s(]/)[0]!]! += 1;
    assert.equal(counts.covered! + counts.partial! + counts['n/a']!, 50);
  });

  it('the check fails where it should: a missing file, a test under another name, an unexplained status', () => {
    const files: Record<string, string> = { 'a.test.ts': "it('A1 stamp-verify-wycheproof-der: all 484', () => {});", 'b.test.ts': "it('A1 other-name: x', () => {});" };
    const read = (path: string) => files[path];
    const row = (files: string[], status = 'covered'): Row => ({ id: 'A1', name: 'stamp-verify-wycheproof-der', files, status });
    assert.deepEqual(problems(row(['a.test.ts']), read), []);
    assert.equal(problems(row(['b.test.ts']), read).length, 1);
    assert.equal(problems(row(['a.test.ts', 'gone.test.ts']), read).length, 1);
    assert.equal(problems(row(['a.test.ts'], 'partial'), read).length, 1);
    assert.equal(problems(row(['a.test.ts'], 'n/a: no iframes'), read).length, 0);
    assert.equal(problems(row([], 'n/a: no iframes'), read).length, 1);
    assert.equal(problems(row(['a.test.ts'], 'done'), read).length, 1);
  });
});
