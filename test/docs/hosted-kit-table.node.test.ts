// README's "Compared with the hosted drop-in kit" is a promise about the package: every element it
// names is a `latch-*` tag that `latchkey/define` registers, every API it names is exported by an
// entry of package.json (`Class.member`: the export has that member, instance or static), and
// every member of the hosted kit's `useTurnkey()` hook and every provider option has a row. A
// renamed element or export, or a hosted handler left out, fails here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostedTableProblems, parseHostedTable } from './hosted-kit-table.ts';
import { definedElementTags } from './defined-elements.ts';
import { entryExports } from './entry-exports.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README: compared with the hosted drop-in kit', () => {
  const tags = definedElementTags(ROOT);
  const api = entryExports(ROOT);

  it('every element, API and hosted member in the table holds', () => {
    const rows = parseHostedTable(README);
    assert.ok(rows.length >= 40, `the table has its rows (found ${rows.length})`);
    assert.deepEqual(hostedTableProblems(rows, tags, api), []);
  });

  it('the element and API checks see the package: a known tag and export pass, others do not', () => {
    // Guards the checks themselves: a reader that found nothing would pass every table.
    assert.ok(tags.has('latch-auth') && tags.has('latch-wallet-export'), [...tags].join(', '));
    assert.ok(!tags.has('latch-nothing'));
    assert.ok(api.has('SigningSession.exportWallet') && api.has('LatchKitOptions.captcha') && api.has('verifyAppProofs'));
    assert.ok(!api.has('SigningSession.exportNothing') && !api.has('exportNothing'));
  });

  it('a row naming an element that is not defined, an API that is not exported, or a hosted name that is not the kit\'s fails', () => {
    const row = '| `handleLogin` | `<latch-auth>` | inline, or a modal dialog (`modal`, `show()`) |';
    assert.ok(README.includes(`\n${row}\n`), 'the handleLogin row as the README has it');
    const problems = (replacement: string) => hostedTableProblems(parseHostedTable(README.replace(row, replacement)), tags, api);
    assert.deepEqual(problems('| `handleLogin` | <latch-login-modal> | inline |'), ['handleLogin: <latch-login-modal> is not an element latchkey/define registers']);
    assert.deepEqual(problems('| `handleLogin` | `LatchKit.openModal` | inline |'), ['handleLogin: LatchKit.openModal is not exported by a package entry']);
    assert.deepEqual(problems('| `handleLogout` | `<latch-auth>` | inline |'), [
      'handleLogout is not a member of the hosted kit 2.4.3',
      'handleLogin (useTurnkey) has no row',
    ]);
    assert.deepEqual(problems('| `handleLogin` | `<latch-auth>` and a modal | inline |'), ['handleLogin: "and a modal" in the Latchkey column is neither an element nor an API']);
    assert.deepEqual(problems('| `handleLogin` | — | |'), ['handleLogin: no element or API, and no reason why not']);
  });
});
