// What the compile step adds to a student's file so that the errors QuickJS raises can be worded
// as V8 words them (globals/errors.js): the engine's message does not carry what V8's names.
// - Each catch clause calls __gradeError on its error first.
// - A read by a computed key, `u[i]`, keeps the key's value in a module variable as it is read
//   (`u[__gradeK = i]`): V8 names it ("reading '3'"), QuickJS does not.
// - A value to be iterated (for-of, `[...x]`, `f(...x)`, `const [a] = x`) or destructured
//   (`const { a } = x`) is kept with how V8 words its failure, written here from the source as
//   V8 prints it (`(__gradeV = x, __gradeS = "io.items", __gradeV)`): QuickJS's message has no
//   place for a destructuring, and names neither the expression nor the property.
// Only stores of a value already computed: nothing is read twice and the code means what it did.
// The module's first statement declares the three and hands the guest a reader (`marks`).
import type * as TS from "typescript";

/** What each catch clause calls first (the sandbox's module factory passes it: session.ts, guest.js). */
export const ERROR_WORDS = "__gradeError";
const KEY = "__gradeK";
const VALUE = "__gradeV";
const SITE = "__gradeS";

/**
 * How V8 prints `node` in an error about it (its CallPrinter), or undefined where it prints
 * something this does not know; `iterating`: a call prints as its callee alone.
 */
function printed(ts: typeof TS, node: TS.Expression, iterating: boolean): string | undefined {
  const at = (n: TS.Expression): string | undefined => printed(ts, n, iterating);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isSatisfiesExpression(node) || ts.isTypeAssertionExpression(node)) return at(node.expression);
  if (ts.isIdentifier(node)) return node.text;
  switch (node.kind) {
    case ts.SyntaxKind.ThisKeyword: return "this";
    case ts.SyntaxKind.NullKeyword: return "null";
    case ts.SyntaxKind.TrueKeyword: return "true";
    case ts.SyntaxKind.FalseKeyword: return "false";
  }
  if (ts.isNumericLiteral(node)) return /^[0-9.e+]+$/i.test(node.text) && !Number.isNaN(Number(node.text)) ? String(Number(node.text)) : undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return `"${node.text}"`;
  if (ts.isObjectLiteralExpression(node)) return `{${"(intermediate value)".repeat(node.properties.length)}}`;
  if (ts.isPropertyAccessExpression(node)) {
    if (node.questionDotToken || !ts.isIdentifier(node.name)) return undefined;
    const object = at(node.expression);
    return object === undefined ? undefined : `${object}.${node.name.text}`;
  }
  if (ts.isElementAccessExpression(node)) {
    const object = node.questionDotToken ? undefined : at(node.expression);
    if (object === undefined) return undefined;
    const key = node.argumentExpression;
    if (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key)) return `${object}.${key.text}`;
    const inner = at(key);
    return inner === undefined ? undefined : `${object}[${inner}]`;
  }
  if (ts.isCallExpression(node) && !node.questionDotToken && !ts.isOptionalChain(node)) {
    const callee = at(node.expression);
    return callee === undefined ? undefined : iterating ? callee : `${callee}(...)`;
  }
  return undefined;
}

const isCall = (ts: typeof TS, node: TS.Expression): TS.CallExpression | undefined => {
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression;
  return ts.isCallExpression(node) || ts.isNewExpression(node) ? (node as TS.CallExpression) : undefined;
};

/** How V8 words a failure to iterate `node` (globals/errors.js reads it): "i<text>", "c<callee>" or "d" (by the value). */
function iterationSite(ts: typeof TS, node: TS.Expression, declared: boolean): string {
  const call = isCall(ts, node);
  if (call) {
    // `const [a] = o.m()` prints nothing (V8 words it by the value), `const [a] = f()` the callee.
    if (declared && !ts.isIdentifier(call.expression) && !ts.isCallExpression(call.expression)) return "d";
    const callee = printed(ts, call.expression, true);
    return callee === undefined ? "d" : `c${callee}`;
  }
  // A destructuring declaration prints a name or a literal, not a property (`const [a] = o.u`).
  if (declared && (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node))) return "d";
  const text = printed(ts, node, true);
  return text === undefined ? "d" : `i${text}`;
}

/** How V8 words destructuring `pattern` from null or undefined: "o<property>\u0001<text>" or "r<property>" (a read of it). */
function destructuringSite(ts: typeof TS, pattern: TS.ObjectBindingPattern | TS.ObjectLiteralExpression, value: TS.Expression | undefined): string {
  const first = ts.isObjectBindingPattern(pattern) ? pattern.elements[0] : pattern.properties[0];
  let name = "";
  let defaulted = false;
  if (first && ts.isBindingElement(first) && !first.dotDotDotToken) {
    const key = first.propertyName ?? first.name;
    if (ts.isIdentifier(key) || ts.isStringLiteral(key) || ts.isNumericLiteral(key)) name = key.text;
    defaulted = first.initializer !== undefined;
  } else if (first && ts.isPropertyAssignment(first)) {
    if (ts.isIdentifier(first.name) || ts.isStringLiteral(first.name) || ts.isNumericLiteral(first.name)) name = first.name.text;
    defaulted = ts.isBinaryExpression(first.initializer) && first.initializer.operatorToken.kind === ts.SyntaxKind.EqualsToken;
  } else if (first && ts.isShorthandPropertyAssignment(first)) {
    name = first.name.text;
    defaulted = first.objectAssignmentInitializer !== undefined;
  }
  // With a default on its first property, V8 reads that property as any read (`reading 'a'`).
  if (defaulted && name) return `r${name}`;
  return `o${name}\u0001${(value && printed(ts, value, false)) ?? ""}\u0001${ts.isObjectBindingPattern(pattern) ? nested(ts, pattern, []).join("\u0002") : ""}`;
}

/**
 * The object patterns inside `pattern`, in the order they are destructured: each as the keys
 * that lead to it, "\u0004", and the property V8 names when what is there is undefined or null
 * (`{ a: { b } }` reads 'b' of it), or "\u0005" where V8 words it otherwise. None where one has
 * a default: what it destructures then is not the value's.
 */
function nested(ts: typeof TS, pattern: TS.ObjectBindingPattern, path: string[]): string[] {
  const out: string[] = [];
  for (const element of pattern.elements) {
    if (!ts.isObjectBindingPattern(element.name)) continue;
    const key = element.propertyName;
    if (element.initializer || !key || !(ts.isIdentifier(key) || ts.isStringLiteral(key) || ts.isNumericLiteral(key))) return ["\u0005"];
    const at = [...path, key.text];
    const first = element.name.elements[0];
    const firstKey = first && !first.dotDotDotToken ? first.propertyName ?? first.name : undefined;
    const read = first?.dotDotDotToken ? "" : firstKey && (ts.isIdentifier(firstKey) || ts.isStringLiteral(firstKey) || ts.isNumericLiteral(firstKey)) ? firstKey.text : "\u0005";
    out.push(`${at.join("\u0003")}\u0004${read}`);
    const inner = nested(ts, element.name, at);
    if (inner.includes("\u0005")) return [...out, "\u0005"];
    out.push(...inner);
  }
  return out;
}

type AsyncFunction = TS.FunctionDeclaration | TS.FunctionExpression | TS.ArrowFunction | TS.MethodDeclaration;
const isAsyncBody = (ts: typeof TS, node: TS.Node): node is AsyncFunction =>
  (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) &&
  node.body !== undefined && (ts.getCombinedModifierFlags(node as TS.Declaration) & ts.ModifierFlags.Async) !== 0;

/**
 * An async function's body in `try { … } catch (__gradeE) { throw __gradeError(__gradeE); }`:
 * its error is worded as it leaves the function, before the promise machinery runs other code
 * (which could replace what was kept) on the way to the catch that sees it. The same error is
 * thrown, its stack as it was.
 */
function wrapAsync(ts: typeof TS, f: TS.NodeFactory, fn: AsyncFunction): TS.Node {
  const body = fn.body!;
  const statements = ts.isBlock(body) ? body.statements : [f.createReturnStatement(body)];
  const rethrow = f.createCatchClause("__gradeE", f.createBlock([f.createThrowStatement(f.createCallExpression(f.createIdentifier(ERROR_WORDS), undefined, [f.createIdentifier("__gradeE")]))]));
  const block = f.createBlock([f.createTryStatement(f.createBlock(statements, true), rethrow, undefined)], true);
  if (ts.isFunctionDeclaration(fn)) return f.updateFunctionDeclaration(fn, fn.modifiers, fn.asteriskToken, fn.name, fn.typeParameters, fn.parameters, fn.type, block);
  if (ts.isFunctionExpression(fn)) return f.updateFunctionExpression(fn, fn.modifiers, fn.asteriskToken, fn.name, fn.typeParameters, fn.parameters, fn.type, block);
  if (ts.isArrowFunction(fn)) return f.updateArrowFunction(fn, fn.modifiers, fn.typeParameters, fn.parameters, fn.type, fn.equalsGreaterThanToken, block);
  return f.updateMethodDeclaration(fn, fn.modifiers, fn.asteriskToken, fn.name, fn.questionToken, fn.typeParameters, fn.parameters, fn.type, block);
}

type FunctionWithBody = AsyncFunction | TS.ConstructorDeclaration;
const isFunctionWithBody = (ts: typeof TS, node: TS.Node): node is FunctionWithBody =>
  (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)) && node.body !== undefined;

const hasDirective = (ts: typeof TS, body: TS.ConciseBody): boolean => {
  const first = ts.isBlock(body) ? body.statements[0] : undefined;
  return first !== undefined && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression);
};

/** An initializer whose value cannot depend on the scope it is evaluated in (a literal). */
function isLiteral(ts: typeof TS, node: TS.Expression): boolean {
  if (ts.isNumericLiteral(node) || ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isBigIntLiteral(node)) return true;
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) return ts.isNumericLiteral(node.operand);
  if (ts.isArrayLiteralExpression(node)) return node.elements.every((e) => isLiteral(ts, e));
  if (ts.isObjectLiteralExpression(node)) return node.properties.every((p) => ts.isPropertyAssignment(p) && !ts.isComputedPropertyName(p.name) && isLiteral(ts, p.initializer));
  return false;
}

/** The names an object pattern binds, or undefined where one of its defaults is more than a literal. */
function boundNames(ts: typeof TS, pattern: TS.BindingPattern, into: string[]): string[] | undefined {
  for (const element of pattern.elements) {
    if (ts.isOmittedExpression(element)) continue;
    if (element.initializer && !isLiteral(ts, element.initializer)) return undefined;
    if (element.propertyName && ts.isComputedPropertyName(element.propertyName)) return undefined;
    if (ts.isIdentifier(element.name)) into.push(element.name.text);
    else if (boundNames(ts, element.name, into) === undefined) return undefined;
  }
  return into;
}

/**
 * `function f({ a }) { … }` as `function f(__gradeP0) { var { a } = <marked __gradeP0>; … }`, so
 * that destructuring an argument that is undefined or null is worded as V8 words it (QuickJS
 * does not say which it met). Only where that means the same: not a generator (whose pattern
 * fails at the call, not at the first next()), no parameter with a default, no array or rest
 * pattern, defaults inside the pattern literals only (a parameter's default cannot see the body's
 * declarations), no function declared in the body under a name the pattern binds; `length`,
 * `arguments` (strict: unmapped) and the order of evaluation are the same.
 */
function patternsInBody(ts: typeof TS, f: TS.NodeFactory, fn: FunctionWithBody, mark: (value: TS.Expression, site: string) => TS.Expression): FunctionWithBody | undefined {
  const params = fn.parameters;
  if (!params.some((p) => ts.isObjectBindingPattern(p.name))) return undefined;
  if (!ts.isConstructorDeclaration(fn) && fn.asteriskToken) return undefined;
  const names: string[] = [];
  for (const p of params) {
    if (p.initializer || (p.dotDotDotToken && !ts.isIdentifier(p.name)) || ts.isArrayBindingPattern(p.name)) return undefined;
    if (ts.isObjectBindingPattern(p.name) && boundNames(ts, p.name, names) === undefined) return undefined;
  }
  const body = fn.body!;
  if (ts.isBlock(body) && body.statements.some((st) => ts.isFunctionDeclaration(st) && st.name !== undefined && names.includes(st.name.text))) return undefined;
  const declarations: TS.Statement[] = [];
  const parameters = params.map((p, i) => {
    if (!ts.isObjectBindingPattern(p.name)) return p;
    const id = f.createIdentifier(`__gradeP${i}`);
    const value = mark(f.createIdentifier(id.text), destructuringSite(ts, p.name, undefined));
    declarations.push(f.createVariableStatement(undefined, f.createVariableDeclarationList([f.createVariableDeclaration(p.name, undefined, undefined, value)], ts.NodeFlags.None)));
    return f.updateParameterDeclaration(p, p.modifiers, p.dotDotDotToken, id, p.questionToken, p.type, undefined);
  });
  const statements = ts.isBlock(body) ? [...declarations, ...body.statements] : [...declarations, f.createReturnStatement(body)];
  const block = ts.isBlock(body) ? f.updateBlock(body, statements) : f.createBlock(statements, true);
  if (ts.isFunctionDeclaration(fn)) return f.updateFunctionDeclaration(fn, fn.modifiers, fn.asteriskToken, fn.name, fn.typeParameters, parameters, fn.type, block);
  if (ts.isFunctionExpression(fn)) return f.updateFunctionExpression(fn, fn.modifiers, fn.asteriskToken, fn.name, fn.typeParameters, parameters, fn.type, block);
  if (ts.isArrowFunction(fn)) return f.updateArrowFunction(fn, fn.modifiers, fn.typeParameters, parameters, fn.type, fn.equalsGreaterThanToken, block);
  if (ts.isConstructorDeclaration(fn)) return f.updateConstructorDeclaration(fn, fn.modifiers, parameters, block);
  return f.updateMethodDeclaration(fn, fn.modifiers, fn.asteriskToken, fn.name, fn.questionToken, fn.typeParameters, parameters, fn.type, block);
}

/** The transformer: catch clauses, computed reads and the values iterated or destructured. */
export function errorSites(ts: typeof TS): TS.TransformerFactory<TS.SourceFile> {
  return (context) => (file) => {
    const f = context.factory;
    let marked = false;
    const mark = (value: TS.Expression, site: string): TS.Expression => {
      marked = true;
      return f.createParenthesizedExpression(f.createCommaListExpression([
        f.createAssignment(f.createIdentifier(VALUE), value), f.createAssignment(f.createIdentifier(SITE), f.createStringLiteral(site)), f.createIdentifier(VALUE),
      ]));
    };
    const isPattern = (n: TS.Node): boolean => ts.isArrayLiteralExpression(n) || ts.isObjectLiteralExpression(n);
    const visit = (node: TS.Node): TS.Node => {
      // The target of an assignment is not read; a pattern's parts are targets.
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && (isPattern(node.left) || ts.isElementAccessExpression(node.left))) {
        const left = ts.isElementAccessExpression(node.left)
          ? f.updateElementAccessExpression(node.left, ts.visitNode(node.left.expression, visit) as TS.Expression, ts.visitNode(node.left.argumentExpression, visit) as TS.Expression)
          : node.left;
        const right = ts.visitNode(node.right, visit) as TS.Expression;
        const site = ts.isArrayLiteralExpression(node.left) ? "d" : ts.isObjectLiteralExpression(node.left) ? destructuringSite(ts, node.left, node.right) : undefined;
        return f.updateBinaryExpression(node, left, node.operatorToken, site === undefined ? right : mark(right, site));
      }
      // `for ([a, ...rest] of x)`: the pattern is a target.
      if ((ts.isForOfStatement(node) || ts.isForInStatement(node)) && isPattern(node.initializer)) {
        const expression = ts.visitNode(node.expression, visit) as TS.Expression;
        const statement = ts.visitNode(node.statement, visit) as TS.Statement;
        if (ts.isForInStatement(node)) return f.updateForInStatement(node, node.initializer, expression, statement);
        return f.updateForOfStatement(node, node.awaitModifier, node.initializer, node.awaitModifier ? expression : mark(expression, iterationSite(ts, node.expression, false)), statement);
      }
      const inner = ts.visitEachChild(node, visit, context);
      if (ts.isCatchClause(inner) && inner.variableDeclaration && ts.isIdentifier(inner.variableDeclaration.name)) {
        const name = inner.variableDeclaration.name.text;
        const call = f.createExpressionStatement(f.createAssignment(f.createIdentifier(name), f.createCallExpression(f.createIdentifier(ERROR_WORDS), undefined, [f.createIdentifier(name)])));
        return f.updateCatchClause(inner, inner.variableDeclaration, f.updateBlock(inner.block, [call, ...inner.block.statements]));
      }
      // A body with a directive ("use strict") is left as written: moved after a statement it would
      // be none, and code Node refuses ("use strict" beside a non-simple parameter list) would run.
      if (isFunctionWithBody(ts, inner) && !hasDirective(ts, inner.body!)) {
        const moved = patternsInBody(ts, f, inner, mark) ?? inner;
        return isAsyncBody(ts, moved) ? wrapAsync(ts, f, moved) : moved;
      }
      if (ts.isElementAccessExpression(inner) && !ts.isStringLiteralLike(inner.argumentExpression) && !ts.isNumericLiteral(inner.argumentExpression)) {
        marked = true;
        const key = f.createAssignment(f.createIdentifier(KEY), inner.argumentExpression);
        return ts.isElementAccessChain(inner) ? f.updateElementAccessChain(inner, inner.expression, inner.questionDotToken, key) : f.updateElementAccessExpression(inner, inner.expression, key);
      }
      if (ts.isForOfStatement(inner) && !inner.awaitModifier) {
        return f.updateForOfStatement(inner, inner.awaitModifier, inner.initializer, mark(inner.expression, iterationSite(ts, (node as TS.ForOfStatement).expression, false)), inner.statement);
      }
      if (ts.isSpreadElement(inner) && ts.isSpreadElement(node)) {
        const parent = node.parent;
        if (parent && ts.isArrayLiteralExpression(parent)) return f.updateSpreadElement(inner, mark(inner.expression, iterationSite(ts, node.expression, false)));
        const text = printed(ts, node.expression, false);
        if (parent && (ts.isCallExpression(parent) || ts.isNewExpression(parent)) && text !== undefined) return f.updateSpreadElement(inner, mark(inner.expression, `s${text}`));
      }
      if (ts.isVariableDeclaration(inner) && inner.initializer && ts.isVariableDeclaration(node) && node.initializer) {
        const site = ts.isArrayBindingPattern(inner.name) ? iterationSite(ts, node.initializer, true)
          : ts.isObjectBindingPattern(inner.name) ? destructuringSite(ts, inner.name, node.initializer) : undefined;
        if (site !== undefined) return f.updateVariableDeclaration(inner, inner.name, inner.exclamationToken, inner.type, mark(inner.initializer, site));
      }
      return inner;
    };
    const out = ts.visitEachChild(file, visit, context);
    if (!marked) return out;
    // let __gradeK, __gradeV, __gradeS; __gradeError.marks?.(() => [__gradeK, __gradeV, __gradeS], () => { __gradeV = __gradeS = undefined; });
    const names = [KEY, VALUE, SITE].map((n) => f.createIdentifier(n));
    const declare = f.createVariableStatement(undefined, f.createVariableDeclarationList(names.map((n) => f.createVariableDeclaration(n)), ts.NodeFlags.Let));
    const read = f.createArrowFunction(undefined, undefined, [], undefined, undefined, f.createArrayLiteralExpression(names));
    const clear = f.createArrowFunction(undefined, undefined, [], undefined, undefined, f.createBlock([f.createExpressionStatement(
      f.createAssignment(f.createIdentifier(VALUE), f.createAssignment(f.createIdentifier(SITE), f.createVoidZero())))]));
    const register = f.createExpressionStatement(f.createCallChain(f.createPropertyAccessExpression(f.createIdentifier(ERROR_WORDS), "marks"), f.createToken(ts.SyntaxKind.QuestionDotToken), undefined, [read, clear]));
    return f.updateSourceFile(out, [declare, register, ...out.statements]);
  };
}
