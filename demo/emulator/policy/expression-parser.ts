/**
 * Recursive-descent parser of the policy language into a small tree. Precedence, loosest
 * first: `||`, `&&`, comparisons (`==`, `!=`, `<`, `<=`, `>`, `>=`, `in`; not chainable),
 * `!`, then member access, indexing and method calls. Numbers are integers (the hosted
 * language's int / uint), kept as bigint so wei amounts compare exactly.
 */
import { syntaxError, tokenize } from './expression-lexer.ts';
import type { Token } from './expression-lexer.ts';

export type BinaryOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '&&' | '||';

export type Expr =
  | { kind: 'literal'; value: string | bigint | boolean | null }
  | { kind: 'name'; name: string; at: number }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'member'; object: Expr; name: string; at: number }
  | { kind: 'index'; object: Expr; index: Expr }
  | { kind: 'call'; object: Expr; method: string; args: Expr[]; at: number }
  | { kind: 'not'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr };

/** Deep nesting is the one way a short text could exhaust the stack. */
export const MAX_DEPTH = 48;

const KEYWORDS = new Set(['true', 'false', 'null', 'in']);
const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);

class Parser {
  private i = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  private get peek(): Token {
    return this.tokens[this.i]!;
  }

  private next(): Token {
    const token = this.tokens[this.i]!;
    if (token.kind !== 'end') this.i += 1;
    return token;
  }

  private is(kind: Token['kind'], text?: string): boolean {
    return this.peek.kind === kind && (text === undefined || this.peek.text === text);
  }

  private expect(kind: Token['kind'], text: string): Token {
    if (!this.is(kind, text)) throw syntaxError(`Expected "${text}" at ${this.peek.at}.`);
    return this.next();
  }

  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_DEPTH) throw syntaxError(`The expression is nested more than ${MAX_DEPTH} levels deep.`);
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  parseAll(): Expr {
    if (this.is('end')) throw syntaxError('The expression is empty.');
    const expr = this.expression();
    if (!this.is('end')) throw syntaxError(`Unexpected "${this.peek.text}" at ${this.peek.at}.`);
    return expr;
  }

  expression(): Expr {
    return this.nested(() => this.or());
  }

  private or(): Expr {
    let left = this.and();
    while (this.is('op', '||')) {
      this.next();
      left = { kind: 'binary', op: '||', left, right: this.and() };
    }
    return left;
  }

  private and(): Expr {
    let left = this.comparison();
    while (this.is('op', '&&')) {
      this.next();
      left = { kind: 'binary', op: '&&', left, right: this.comparison() };
    }
    return left;
  }

  private comparison(): Expr {
    const left = this.unary();
    const token = this.peek;
    const op = token.kind === 'op' && COMPARISONS.has(token.text) ? token.text : token.kind === 'ident' && token.text === 'in' ? 'in' : undefined;
    if (!op) return left;
    this.next();
    const right = this.unary();
    const after = this.peek;
    if ((after.kind === 'op' && COMPARISONS.has(after.text)) || (after.kind === 'ident' && after.text === 'in')) {
      throw syntaxError(`Comparisons do not chain: add parentheses (at ${after.at}).`);
    }
    return { kind: 'binary', op: op as BinaryOp, left, right };
  }

  private unary(): Expr {
    if (this.is('op', '!')) {
      this.next();
      return this.nested(() => ({ kind: 'not', operand: this.unary() }));
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let expr = this.primary();
    for (;;) {
      if (this.is('punct', '.')) {
        this.next();
        const name = this.next();
        if (name.kind !== 'ident' || KEYWORDS.has(name.text)) throw syntaxError(`Expected a field or method name at ${name.at}.`);
        if (this.is('punct', '(')) {
          this.next();
          const args: Expr[] = [];
          if (!this.is('punct', ')')) {
            args.push(this.expression());
            while (this.is('punct', ',')) {
              this.next();
              args.push(this.expression());
            }
          }
          this.expect('punct', ')');
          expr = { kind: 'call', object: expr, method: name.text, args, at: name.at };
        } else {
          expr = { kind: 'member', object: expr, name: name.text, at: name.at };
        }
      } else if (this.is('punct', '[')) {
        this.next();
        const index = this.expression();
        this.expect('punct', ']');
        expr = { kind: 'index', object: expr, index };
      } else {
        return expr;
      }
    }
  }

  private primary(): Expr {
    const token = this.next();
    switch (token.kind) {
      case 'string':
        return { kind: 'literal', value: token.text };
      case 'number':
        if (!/^\d+$/.test(token.text)) throw syntaxError(`Numbers are integers (at ${token.at}).`);
        return { kind: 'literal', value: BigInt(token.text) };
      case 'ident':
        if (token.text === 'true' || token.text === 'false') return { kind: 'literal', value: token.text === 'true' };
        if (token.text === 'null') return { kind: 'literal', value: null };
        if (token.text === 'in') throw syntaxError(`Unexpected "in" at ${token.at}.`);
        return { kind: 'name', name: token.text, at: token.at };
      case 'punct':
        if (token.text === '(') {
          const inner = this.expression();
          this.expect('punct', ')');
          return inner;
        }
        if (token.text === '[') {
          const items: Expr[] = [];
          if (!this.is('punct', ']')) {
            items.push(this.expression());
            while (this.is('punct', ',')) {
              this.next();
              items.push(this.expression());
            }
          }
          this.expect('punct', ']');
          return { kind: 'list', items };
        }
        break;
      case 'end':
        throw syntaxError('The expression ends too early.');
      default:
        break;
    }
    throw syntaxError(`Unexpected "${token.text}" at ${token.at}.`);
  }
}

export function parseExpression(source: string): Expr {
  return new Parser(tokenize(source)).parseAll();
}
