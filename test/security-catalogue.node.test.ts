// SECURITY.md's table is a promise about the suite: every catalogue id is listed once, in order,
// with a status; every row (n/a ones too: their test keeps the premise true) names test files
// that exist, and the first of them holds a test whose title starts with "<id> <name>". A
// renamed, moved or deleted test fails here. The "Shown to fail" table after it says, for every
// covered row, what was removed to watch its test fail and how it failed: a covered row without
// that line fails here too.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const GROUPS: [string, number][] = [['A', 10], ['B', 10], ['C', 12], ['D', 6], ['E', 7], ['F', 5]];
const EXPECTED_IDS = GROUPS.flatMap(([letter, count]) => Array.from({ length: count }, (_, i) => `${letter}${i + 1}`));

/**
 * Covered rows whose "Shown to fail" line is still owed by the engineers changing them this
 * round. The integrator empties this list once their lines are in; it must not grow.
 */
const SHOWN_TO_FAIL_PENDING: string[] = [];

const SHOWN_HEADING = '## Shown to fail';

/** The catalogue table (before the "Shown to fail" section) and that section, as text. */
function sections(markdown: string): { catalogue: string; shown: string } {
  const start = markdown.indexOf(`\n${SHOWN_HEADING}\n`);
  if (start < 0) return { catalogue: markdown, shown: '' };
  const rest = markdown.slice(start + 1);
  const end = rest.indexOf('\n## ', SHOWN_HEADING.length);
  return { catalogue: markdown.slice(0, start), shown: end < 0 ? rest : rest.slice(0, end) };
}

interface Shown {
  id: string;
  removed: string;
  failed: string;
}

function parseShown(section: string): Shown[] {
  return section
    .split('\n')
    .filter((line) => /^\| [A-F]\d+ \|/.test(line))
    .map((line) => {
      const cells = line.split(' | ').map((cell) => cell.replace(/^\| |\s*\|$/g, '').trim());
      assert.equal(cells.length, 3, `three cells: ${line}`);
      const [id, removed, failed] = cells as [string, string, string];
      return { id, removed, failed };
    });
}

/** Covered rows with no "Shown to fail" line (beyond the pending list), and lines that are wrong. */
function shownProblems(rows: Row[], shown: Shown[], pending: string[]): string[] {
  const out: string[] = [];
  const ids = shown.map((s) => s.id);
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) out.push(`${id}: more than one "Shown to fail" line`);
  for (const s of shown) {
    const row = rows.find((r) => r.id === s.id);
    if (!row) out.push(`${s.id}: a "Shown to fail" line for a row the table does not have`);
    if (!s.removed || !s.failed) out.push(`${s.id}: a "Shown to fail" line says what was removed and how the test failed`);
  }
  for (const row of rows) {
    if (!row.status.startsWith('covered') || ids.includes(row.id) || pending.includes(row.id)) continue;
    out.push(`${row.id}: covered, but no "Shown to fail" line says what removing its defence does to its test`);
  }
  return out;
}

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
  // `it`, `describe`, or an `it` that runs where the promise can be kept (`itWithWebLocks`: D2).
  const title = new RegExp(`\\b(?:it|it[A-Z]\\w*|describe)\\(\\s*['"\`]${row.id} ${row.name.replace(/[-]/g, '\\-')}\\b`);
  if (first !== undefined && !title.test(first)) out.push(`${row.id}: ${row.files[0]} has no test titled "${row.id} ${row.name}…"`);
  return out;
}

const readInRepo = (path: string): string | undefined => (existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : undefined);

describe('SECURITY.md catalogue table', () => {
  const { catalogue, shown } = sections(readFileSync(join(ROOT, 'SECURITY.md'), 'utf8'));
  const rows = parseTable(catalogue);

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

  it('every covered row has a "Shown to fail" line: what was removed, how its test failed', () => {
    assert.ok(shown.startsWith(SHOWN_HEADING), `SECURITY.md has a "${SHOWN_HEADING}" section after the table`);
    assert.deepEqual(shownProblems(rows, parseShown(shown), SHOWN_TO_FAIL_PENDING), []);
  });

  it('the "Shown to fail" check fails where it should: a covered row without a line, a line twice, one for no row, an empty cell', () => {
    const row = (id: string, status = 'covered'): Row => ({ id, name: 'x', files: [], status });
    const line = (id: string, removed = 'the check', failed = 'expected true'): Shown => ({ id, removed, failed });
    const rows = [row('A1'), row('A2'), row('A3', 'partial: why'), row('A4')];
    assert.deepEqual(shownProblems(rows, [line('A1'), line('A2')], ['A4']), []);
    assert.equal(shownProblems(rows, [line('A1')], ['A4']).length, 1, 'A2 covered, no line');
    assert.equal(shownProblems(rows, [line('A1'), line('A2')], []).length, 1, 'A4 no longer pending');
    assert.equal(shownProblems(rows, [line('A1'), line('A2'), line('A2')], ['A4']).length, 1, 'twice');
    assert.equal(shownProblems(rows, [line('A1'), line('A2'), line('B9')], ['A4']).length, 1, 'no such row');
    assert.equal(shownProblems(rows, [line('A1', ''), line('A2')], ['A4']).length, 1, 'empty cell');
    assert.deepEqual(parseShown('## Shown to fail\n\n| ID | Removed | Failed |\n|---|---|---|\n| A1 | `f` deleted | expected 1 |\n'), [{ id: 'A1', removed: '`f` deleted', failed: 'expected 1' }]);
    const split = sections('# T\n| A1 | a | b | c | d |\n\n## Shown to fail\n| A1 | r | f |\n\n## Reporting\n| A2 | x | y |\n');
    assert.equal(parseShown(split.shown).length, 1);
    assert.equal(parseTable(split.catalogue).length, 1);
  });
});
