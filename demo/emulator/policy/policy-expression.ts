/**
 * Policy expressions checked once, when a policy is created or updated: the text must parse,
 * use only the names its field knows (a condition talks about the activity, a consensus about
 * its approvers), call only the language's methods with the right arity, and not be a bare
 * non-boolean value. A refused expression is a 400 REQUEST_INVALID naming the field.
 */
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { invalidRequest } from '../http/service-error.ts';
import { parseExpression } from './expression-parser.ts';
import type { Expr } from './expression-parser.ts';

export type ExpressionKind = 'condition' | 'consensus';

/**
 * Names each field may use (the hosted language's keywords). The emulator fills `activity`,
 * `eth.tx` for eth_send_transaction and `wallet_account` for signing; the other condition
 * keywords are accepted and, having no value here, make the policy not apply.
 */
export const ROOT_NAMES: Readonly<Record<ExpressionKind, readonly string[]>> = {
  condition: ['activity', 'eth', 'solana', 'tron', 'bitcoin', 'wallet', 'wallets', 'private_key', 'wallet_account'],
  consensus: ['approvers', 'credentials'],
};

const ACTIVITY_FIELDS = new Set(['type', 'resource', 'action', 'params']);
const LIST_ROOTS = new Set(['approvers', 'credentials', 'wallets']);
const ARITY: Readonly<Record<string, number>> = { count: 0, contains: 1, any: 2, all: 2, filter: 2 };
const LAMBDA_METHODS = new Set(['any', 'all', 'filter']);

function check(expr: Expr, scope: ReadonlySet<string>, roots: ReadonlySet<string>, problems: string[]): void {
  switch (expr.kind) {
    case 'literal':
      return;
    case 'name':
      if (!scope.has(expr.name)) problems.push(`unknown name "${expr.name}" at ${expr.at}`);
      return;
    case 'list':
      for (const item of expr.items) check(item, scope, roots, problems);
      return;
    case 'member':
      // `activity.<field>` is checked when `activity` is the keyword (not a lambda variable).
      if (expr.object.kind === 'name' && expr.object.name === 'activity' && roots.has('activity') && !ACTIVITY_FIELDS.has(expr.name)) {
        problems.push(`activity has no field "${expr.name}" (at ${expr.at})`);
      }
      if (expr.object.kind === 'name' && LIST_ROOTS.has(expr.object.name) && roots.has(expr.object.name)) {
        problems.push(`${expr.object.name} is a list: it has methods and [index], not fields (at ${expr.at})`);
      }
      check(expr.object, scope, roots, problems);
      return;
    case 'index':
      check(expr.object, scope, roots, problems);
      check(expr.index, scope, roots, problems);
      return;
    case 'not':
      check(expr.operand, scope, roots, problems);
      return;
    case 'binary':
      check(expr.left, scope, roots, problems);
      check(expr.right, scope, roots, problems);
      return;
    case 'call': {
      check(expr.object, scope, roots, problems);
      const arity = ARITY[expr.method];
      if (arity === undefined) {
        problems.push(`unknown method "${expr.method}" at ${expr.at}`);
        return;
      }
      if (expr.args.length !== arity) {
        problems.push(`${expr.method}() takes ${arity} argument${arity === 1 ? '' : 's'} (at ${expr.at})`);
        return;
      }
      if (LAMBDA_METHODS.has(expr.method)) {
        const variable = expr.args[0]!;
        if (variable.kind !== 'name') {
          problems.push(`${expr.method}() takes a variable name first (at ${expr.at})`);
          return;
        }
        check(expr.args[1]!, new Set([...scope, variable.name]), roots, problems);
        return;
      }
      for (const arg of expr.args) check(arg, scope, roots, problems);
      return;
    }
  }
}

/** Parses and checks `source`; throws 400 REQUEST_INVALID naming `field` when it is not a valid expression. */
export function compileExpression(source: string, kind: ExpressionKind, field: string): Expr {
  let expr: Expr;
  try {
    expr = parseExpression(source);
  } catch (error) {
    // The lexer's and parser's own messages are written for the caller (what was expected,
    // and where), so they are passed on; anything else stays out of the answer.
    const detail = isLatchError(error, 'ERR_INPUT_INVALID') ? ` ${error.message}` : '';
    throw invalidRequest(`${field} is not a valid policy expression.${detail}`, error);
  }
  const roots = new Set(ROOT_NAMES[kind]);
  const problems: string[] = [];
  check(expr, roots, roots, problems);
  if ((expr.kind === 'literal' && typeof expr.value !== 'boolean') || expr.kind === 'list') {
    problems.push('the expression must give a boolean');
  }
  if (problems.length > 0) throw invalidRequest(`${field} is not a valid policy expression: ${problems.slice(0, 3).join('; ')}.`);
  return expr;
}
