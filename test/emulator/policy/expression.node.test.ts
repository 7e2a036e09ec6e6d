// The policy language on its own: tokenizer, parser, evaluator and the create-time checks.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize } from '../../../demo/emulator/policy/expression-lexer.ts';
import { parseExpression, MAX_DEPTH } from '../../../demo/emulator/policy/expression-parser.ts';
import { evaluateBoolean, toValue } from '../../../demo/emulator/policy/expression-eval.ts';
import { compileExpression } from '../../../demo/emulator/policy/policy-expression.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import type { Scope, Value } from '../../../demo/emulator/policy/expression-eval.ts';

const scope = (values: Record<string, unknown>): Scope => new Map(Object.entries(values).map(([k, v]) => [k, toValue(v) as Value]));
const activity = { type: 'ACTIVITY_TYPE_CREATE_POLICIES', resource: 'POLICY', action: 'CREATE', params: { policies: [{ policyName: 'p' }], amount: 25 } };
const approvers = [
  { id: 'u-1', tags: ['t-admin'], email: 'a@example.com', alias: 'Ann' },
  { id: 'u-2', tags: [], email: '', alias: 'Bob' },
];
const run = (source: string, values: Record<string, unknown> = { activity, approvers }) => evaluateBoolean(parseExpression(source), scope(values));

function assertRefused(fn: () => unknown, code = 'ERR_INPUT_INVALID') {
  assert.throws(fn, (error: unknown) => isLatchError(error) && error.code === code);
}

describe('policy language: tokenizer', () => {
  it('splits operators, identifiers, single-quoted strings with escapes, integers and punctuation', () => {
    const tokens = tokenize("a.b(x, 'it\\'s') >= 10 && !c || d != [1]");
    assert.deepEqual(
      tokens.map((t) => `${t.kind}:${t.text}`),
      ['ident:a', 'punct:.', 'ident:b', 'punct:(', 'ident:x', 'punct:,', "string:it's", 'punct:)', 'op:>=', 'number:10', 'op:&&', 'op:!', 'ident:c', 'op:||', 'ident:d', 'op:!=', 'punct:[', 'number:1', 'punct:]', 'end:'],
    );
  });

  it('refuses double quotes, unknown characters, unterminated strings, bad escapes, malformed numbers and over-long text', () => {
    assertRefused(() => tokenize('activity.type == "x"'));
    assertRefused(() => tokenize('a = b'));
    assertRefused(() => tokenize('a ; b'));
    assertRefused(() => tokenize("'open"));
    assertRefused(() => tokenize("'a\\n'"));
    assertRefused(() => tokenize('12abc'));
    assertRefused(() => tokenize(`'${'x'.repeat(5000)}'`));
  });
});

describe('policy language: parser', () => {
  it('binds && tighter than || and ! tighter than ==', () => {
    assert.equal(run('true || false && false'), true);
    assert.equal(run('(true || false) && false'), false);
    assert.equal(run('!false == true'), true);
  });

  it('refuses empty input, dangling operators, chained comparisons, unbalanced brackets, decimals and deep nesting', () => {
    for (const bad of ['', '   ', 'a ==', '&& a', '1 < 2 < 3', 'a in b in c', '(a', 'a)', '[1, 2', 'a.', 'a.true', '1.5 > 1', 'x.count(', `${'('.repeat(MAX_DEPTH + 1)}true${')'.repeat(MAX_DEPTH + 1)}`, `${'!'.repeat(MAX_DEPTH + 1)}true`]) {
      assertRefused(() => parseExpression(bad));
    }
  });
});

describe('policy language: evaluation', () => {
  it('compares strings, integers and booleans strictly, and lists by value', () => {
    assert.equal(run("activity.type == 'ACTIVITY_TYPE_CREATE_POLICIES'"), true);
    assert.equal(run("activity.resource != 'WALLET'"), true);
    assert.equal(run('activity.params.amount > 20 && activity.params.amount <= 25'), true);
    assert.equal(run("activity.params.amount == '25'"), false);
    assert.equal(run('[1, 2] == [1, 2]'), true);
    assert.equal(run("activity.action in ['CREATE', 'UPDATE']"), true);
    assert.equal(run("activity.action in ['DELETE']"), false);
  });

  it('counts approvers and runs any / all / filter / contains with a bound variable', () => {
    assert.equal(run('approvers.count() >= 2'), true);
    assert.equal(run('approvers.count() >= 3'), false);
    assert.equal(run("approvers.any(user, user.id == 'u-2')"), true);
    assert.equal(run("approvers.any(user, user.id == 'u-9')"), false);
    assert.equal(run("approvers.all(user, user.alias != '')"), true);
    assert.equal(run("approvers.filter(u, u.tags.contains('t-admin')).count() == 1"), true);
    assert.equal(run("approvers[0].email == 'a@example.com'"), true);
  });

  it('makes type errors and missing fields errors, never truthiness', () => {
    assertRefused(() => run('activity.params.nope == 1'));
    assertRefused(() => run("activity.type && true"));
    assertRefused(() => run("!activity.type"));
    assertRefused(() => run("activity.type > 'A'"));
    assertRefused(() => run("'a string'"));
    assertRefused(() => run('approvers[5].id == 1'));
    assertRefused(() => run('unknown_name == 1'));
  });

  it('does not reach prototypes or constructors', () => {
    assertRefused(() => run('activity.constructor == 1'));
    assertRefused(() => run("activity['__proto__'] == 1"));
    assertRefused(() => run('activity.params.toString == 1'));
  });
});

describe('policy language: create-time checks', () => {
  it('accepts the documented forms', () => {
    compileExpression("approvers.any(user, user.id == '4b894565-fa0f-4b75-a0ac-4d6fa8f6ff5e')", 'consensus', 'consensus');
    compileExpression('approvers.count() >= 2', 'consensus', 'consensus');
    compileExpression("activity.resource == 'WALLET' && activity.action == 'CREATE' || !(activity.type in ['ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'])", 'condition', 'condition');
    compileExpression("eth.tx.to == '0x00' && wallet_account.address != ''", 'condition', 'condition');
  });

  it('refuses names of the other field, unknown names, unknown activity fields, unknown methods and wrong arity, with a 400', () => {
    const cases: [string, 'condition' | 'consensus'][] = [
      ["activity.type == 'x'", 'consensus'],
      ['approvers.count() >= 1', 'condition'],
      ["activty.type == 'x'", 'condition'],
      ["activity.kind == 'x'", 'condition'],
      ['approvers.size() >= 1', 'consensus'],
      ['approvers.count(1) >= 1', 'consensus'],
      ["approvers.any('x', true)", 'consensus'],
      ["approvers.any(user, member.id == 'x')", 'consensus'],
      ["'just a string'", 'condition'],
      ['[true]', 'condition'],
      ['approvers.count() >=', 'consensus'],
    ];
    for (const [source, kind] of cases) {
      assert.throws(
        () => compileExpression(source, kind, 'parameters.policies[0].x'),
        (error: unknown) => isLatchError(error) && error.status === 400 && error.serviceErrorCode === 'REQUEST_INVALID' && error.message.startsWith('parameters.policies[0].x'),
        source,
      );
    }
  });
});
