/**
 * An evaluator of the GitHub Actions expressions this repository's workflows use; anything else throws
 * naming the expression. Pure.
 */

export type Value = string | number | boolean | null | { [key: string]: Value } | Value[];
export interface Contexts {
  [context: string]: Value;
}
/** What `success()`, `failure()`, `cancelled()` and `always()` answer where the expression stands. */
export interface Status {
  failed: boolean;
}

type Token = { kind: 'op' | 'ident' | 'string' | 'number'; text: string };

const TOKEN = /\s*(?:(&&|\|\||==|!=|[!().,])|('(?:[^']|'')*')|(-?\d+(?:\.\d+)?)\b|([A-Za-z_][\w-]*))/y;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.trimEnd().length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match) throw new Error(`expression "${source}": cannot read from position ${at}`);
    if (match[1]) tokens.push({ kind: 'op', text: match[1] });
    else if (match[2]) tokens.push({ kind: 'string', text: match[2].slice(1, -1).replaceAll("''", "'") });
    else if (match[3]) tokens.push({ kind: 'number', text: match[3] });
    else tokens.push({ kind: 'ident', text: match[4]! });
  }
  return tokens;
}

/** GitHub's truthiness: false, 0, '', null, undefined and NaN are false. */
export function truthy(value: Value | undefined): boolean {
  return !(value === false || value === 0 || value === '' || value === null || value === undefined || Number.isNaN(value));
}

const asNumber = (value: Value): number =>
  value === null
    ? 0
    : typeof value === 'boolean'
      ? Number(value)
      : typeof value === 'string'
        ? value.trim() === ''
          ? 0
          : Number(value)
        : Number.NaN;

/** GitHub's loose equality: strings compare ignoring case; other mixed types compare as numbers. */
function equal(a: Value, b: Value): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (typeof a === typeof b || a === null || b === null) {
    if (a === null && b === null) return true;
    if (typeof a === 'object' || typeof b === 'object') return a === b;
  }
  return asNumber(a) === asNumber(b);
}

/** The value of an expression (without `${{ }}`); `status` decides what the status functions answer. */
export function evaluate(source: string, contexts: Contexts, status: Status = { failed: false }): Value {
  const tokens = tokenize(source);
  let i = 0;
  const peek = () => tokens[i];
  const fail = (why: string): never => {
    throw new Error(`expression "${source}": ${why}`);
  };
  const expect = (text: string) => (peek()?.text === text ? i++ : fail(`expected "${text}" at token ${i}`));

  const functions: Record<string, () => Value> = {
    success: () => !status.failed,
    failure: () => status.failed,
    always: () => true,
    cancelled: () => false,
  };

  function primary(): Value {
    const token = tokens[i++] ?? fail('ended early');
    if (token.kind === 'op' && token.text === '(') {
      const value = or();
      expect(')');
      return value;
    }
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.kind !== 'ident') return fail(`unexpected "${token.text}"`);
    if (token.text === 'true' || token.text === 'false') return token.text === 'true';
    if (token.text === 'null') return null;
    if (peek()?.text === '(') {
      const call = functions[token.text] ?? fail(`function ${token.text}() is not supported here`);
      expect('(');
      expect(')');
      return call();
    }
    let value: Value | undefined = Object.hasOwn(contexts, token.text) ? contexts[token.text] : fail(`unknown context "${token.text}"`);
    while (peek()?.text === '.') {
      i++;
      const name = tokens[i++];
      if (name?.kind !== 'ident') fail('a property name must follow "."');
      value = value !== null && typeof value === 'object' && !Array.isArray(value) ? value[name!.text] : undefined;
    }
    return value ?? null;
  }
  function unary(): Value {
    if (peek()?.text === '!') {
      i++;
      return !truthy(unary());
    }
    return primary();
  }
  function comparison(): Value {
    let left = unary();
    while (peek()?.text === '==' || peek()?.text === '!=') {
      const op = tokens[i++]!.text;
      const right = unary();
      left = op === '==' ? equal(left, right) : !equal(left, right);
    }
    return left;
  }
  /** Operands joined by `op`, left to right, each step's value chosen by `pick` as GitHub's `&&` and `||` do. */
  function chain(op: '&&' | '||', operand: () => Value, pick: (left: Value, right: Value) => Value): Value {
    let left = operand();
    while (peek()?.text === op) {
      i++;
      left = pick(left, operand());
    }
    return left;
  }
  const and = (): Value => chain('&&', comparison, (left, right) => (truthy(left) ? right : left));
  const or = (): Value => chain('||', and, (left, right) => (truthy(left) ? left : right));
  const value = or();
  if (i !== tokens.length) fail(`unexpected "${tokens[i]!.text}"`);
  return value;
}

/** A string with every `${{ … }}` replaced by its value (null and missing values as ""). */
export function interpolate(text: string, contexts: Contexts, status?: Status): string {
  return text.replace(/\$\{\{(.*?)\}\}/gs, (_, inner: string) => {
    const value = evaluate(inner, contexts, status);
    return value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

/** An `if:` condition: with or without `${{ }}`, and `success() &&` in front unless it asks for a status itself. */
export function condition(text: string | boolean | undefined, contexts: Contexts, status: Status): boolean {
  if (text === undefined) return !status.failed;
  if (typeof text === 'boolean') return text && !status.failed;
  const bare = text.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const asksStatus = /\b(success|failure|always|cancelled)\(\)/.test(bare);
  return truthy(evaluate(asksStatus ? bare : `success() && (${bare})`, contexts, status));
}
