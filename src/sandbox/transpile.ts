// One student file to the CommonJS the sandbox's module system runs, by TypeScript's own
// transpileModule under the course's compiler options (tsconfig.json: target ES2022, so class
// fields are defined in place, TC39 decorators lowered, `using` lowered; verbatimModuleSyntax, so
// an import is kept as written), so the code means what `tsc` makes of it. Only the module format
// differs: CommonJS, which the sandbox loads. Runs in the compile thread (compile-thread.ts),
// given the compiler, so that nothing here loads TypeScript.
import type * as TS from "typescript";
import { errorSites } from "./error-sites.js";
import { node20RegexProblem } from "./node20-regex.js";
import { ES_MODULE, IMPORTS_REQUIRE } from "./resolve.js";
import type { CompiledFile } from "./protocol.js";

/** The course's options, as ts.transpileModule takes them (tsconfig.json), module aside. */
export function courseOptions(ts: typeof TS): TS.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, esModuleInterop: true, verbatimModuleSyntax: true,
    strict: true, isolatedModules: true, sourceMap: true, removeComments: true, allowJs: true,
  };
}


/** A compile failure's message starts with `id`: the caller puts the student's folder before it. */
export function transpile(ts: typeof TS, id: string, source: string): CompiledFile {
  const refused: string[] = [];
  let awaits = false;
  let lowered = false;
  // Read from the tree the compiler parsed (a transformer sees it before the emit): no second parse.
  const esmOnly: TS.TransformerFactory<TS.SourceFile> = () => (file) => {
    if (ES_MODULE.test(id)) for (const statement of file.statements) {
      const why = commonJsOnly(ts, statement);
      if (why) refused.push(`${place(ts, file, statement.getStart(file), id)}: ${why}`);
    }
    const clash = importClash(ts, file);
    if (clash) refused.push(`${place(ts, file, clash.getStart(file), id)}: ${IMPORT_CLASH(clash.text)}`);
    awaits = topLevelAwait(ts, file) !== undefined;
    const tree = readTree(ts, file);
    lowered ||= tree.lowered;
    if (tree.regex) refused.push(`${place(ts, file, tree.regex.at, id)}: this regular expression would not load under Node 20, the course's runtime: it uses ${tree.regex.problem}.`);
    return file;
  };
  let output: TS.TranspileOutput;
  try {
    const after = ES_MODULE.test(id) ? [importsRequire(ts)] : [];
    // An .mts or .mjs file name keeps ES syntax whatever the module option: compiled under its
    // .ts or .js name, it becomes CommonJS as every other ES module does (an .mjs helper would not
    // load: correct-mjs-rules-helper). Places are still shown under `id`.
    const fileName = id.replace(/\.mts$/, ".ts").replace(/\.mjs$/, ".js");
    const compile = (options: TS.CompilerOptions, read: TS.TransformerFactory<TS.SourceFile>[]): TS.TranspileOutput =>
      ts.transpileModule(source, { fileName, compilerOptions: options, reportDiagnostics: true, transformers: { before: [...read, errorSites(ts)], after } });
    output = compile(courseOptions(ts), [esmOnly]);
    // TypeScript 5.9 at ES2022 reads a class that has a private method and names itself in a static
    // initialiser through an alias assigned only after the class body (microsoft/TypeScript#56292):
    // the module throws as it loads, where Node (tsx) runs it (helper 107's four correct servers lost
    // a task). A file with nothing ES2022 lowers (decorators, `using`, accessor fields) means the
    // same at ESNext, where no alias is made: compiled so.
    // The tree was read once (esmOnly): the same source, so what it found stands.
    if (!lowered && CLASS_ALIAS.test(output.outputText)) output = compile({ ...courseOptions(ts), target: ts.ScriptTarget.ESNext }, []);
  } catch (error) {
    if (error instanceof RangeError) return { syntax: `${id} is nested too deeply to compile. Split the expression into smaller ones.` };
    throw error;
  }
  const error = output.diagnostics?.find((d) => d.category === ts.DiagnosticCategory.Error);
  if (error) {
    const text = ts.flattenDiagnosticMessageText(error.messageText, " ").replace(/\.$/, "");
    const where = error.file && error.start !== undefined ? place(ts, error.file, error.start, id) : id;
    return { syntax: `${where}: ${text.slice(0, 300)}. Fix the code at that place and save.` };
  }
  if (refused.length) return { syntax: refused[0]! };
  const map = output.sourceMapText ? (JSON.parse(output.sourceMapText) as { mappings?: unknown }).mappings : "";
  return { code: output.outputText.replace(/\n\/\/# sourceMappingURL=[^\n]*\s*$/, "\n"), map: typeof map === "string" ? map : "", ...(awaits ? { awaits: true as const } : {}) };
}

/** The helper variables TypeScript declares first for a class alias (`var _a;` ... `_a = A;`). */
const CLASS_ALIAS = /^var _[a-z](?:, _[a-z])*;$/m;

/**
 * What one walk of the tree finds: whether the file holds what the compiler lowers at ES2022 and
 * not at ESNext (decorators, `using` declarations, accessor fields), and the first regular
 * expression literal Node 20 cannot parse (node20-regex.ts).
 */
function readTree(ts: typeof TS, file: TS.SourceFile): { lowered: boolean; regex?: { at: number; problem: string } } {
  let lowered = false;
  let regex: { at: number; problem: string } | undefined;
  const visit = (node: TS.Node): void => {
    if (ts.isDecorator(node) || node.kind === ts.SyntaxKind.AccessorKeyword) lowered = true;
    else if (ts.isVariableDeclarationList(node) && (node.flags & ts.NodeFlags.Using) !== 0) lowered = true;
    else if (ts.isRegularExpressionLiteral(node) && regex === undefined) {
      const problem = node20RegexProblem(node.text.slice(1, node.text.lastIndexOf("/")));
      if (problem) regex = { at: node.getStart(file), problem };
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return regex ? { lowered, regex } : { lowered };
}

/**
 * An ES module's imports as Node links them, in the CommonJS text the compiler made of it.
 *
 * No `require` on Node: a module may declare one of its own (a helper, or createRequire's), and
 * `typeof require` is "undefined" in it (a CommonJS main guard is false). The text's own calls
 * for its imports, which the compiler made (they have no place in the source), call
 * IMPORTS_REQUIRE instead; a `require` the student wrote is left as written.
 *
 * Imports are hoisted: Node evaluates every imported module before any of the module's own code,
 * wherever the import stands in the file, where the CommonJS text requires each in place. So the
 * statements made of imports and re-exports move, in their order, to just after the compiler's
 * prologue (and a function declaration's export, which Node binds before any import runs too).
 */
function importsRequire(ts: typeof TS): TS.TransformerFactory<TS.SourceFile> {
  return (context) => (file) => {
    const visit = (node: TS.Node): TS.Node => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "require" && node.expression.pos === -1) {
        return context.factory.updateCallExpression(node, context.factory.createIdentifier(IMPORTS_REQUIRE), node.typeArguments, ts.visitNodes(node.arguments, visit, ts.isExpression));
      }
      return ts.visitEachChild(node, visit, context);
    };
    const renamed = ts.visitNode(file, visit, ts.isSourceFile);
    const statements = [...renamed.statements];
    const isImport = (s: TS.Statement): boolean => {
      const original = ts.getOriginalNode(s);
      return ts.isImportDeclaration(original) || (ts.isExportDeclaration(original) && original.moduleSpecifier !== undefined)
        || (ts.isExportSpecifier(original) && original.parent.parent.moduleSpecifier !== undefined);
    };
    const prologue = (s: TS.Statement): boolean => {
      const original = ts.getOriginalNode(s);
      return original.pos === -1 || (ts.isExpressionStatement(s) && ts.isFunctionDeclaration(original));
    };
    let start = 0;
    while (start < statements.length && prologue(statements[start]!) && !isImport(statements[start]!)) start++;
    const imports = statements.filter(isImport);
    if (!imports.length) return renamed;
    const rest = statements.slice(start).filter((s) => !isImport(s));
    return context.factory.updateSourceFile(renamed, [...statements.slice(0, start), ...imports, ...rest]);
  };
}

function place(ts: typeof TS, file: TS.SourceFile, at: number, name: string): string {
  const { line, character } = ts.getLineAndCharacterOfPosition(file, at);
  return `${name}:${line + 1}:${character + 1}`;
}

// What `tsc` refuses in an ES module under the course's tsconfig (verbatimModuleSyntax), and
// what compiled to CommonJS would otherwise run here as if it were fine.
function commonJsOnly(ts: typeof TS, statement: TS.Statement): string | undefined {
  if (ts.isExportAssignment(statement) && statement.isExportEquals) {
    return "`export =` is CommonJS syntax, which an ES module (every .ts file of the course is one) cannot use. Write `export default …` or named exports (`export function …`) instead.";
  }
  if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
    return "`import … = require(…)` is CommonJS syntax, which an ES module (every .ts file of the course is one) cannot use. Write `import name from \"…\"` or `import { name } from \"…\"` instead.";
  }
  return undefined;
}

const IMPORT_CLASH = (name: string): string => `Identifier '${name}' has already been declared: it is imported, and declared again in this module. Node refuses such a module with a SyntaxError (tsc: "Import declaration conflicts with local declaration"). Rename the one declared here, or the import (\`import { ${name} as other }\`).`;

// A name a module imports (for its value) and declares again at its top level: TypeScript's
// CommonJS output would run it with the local value, where Node refuses the module.
function importClash(ts: typeof TS, file: TS.SourceFile): TS.Identifier | undefined {
  const imported = new Set<string>();
  for (const statement of file.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) imported.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) imported.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) if (!e.isTypeOnly) imported.add(e.name.text);
  }
  if (!imported.size) return undefined;
  const names = (name: TS.BindingName): TS.Identifier[] => (ts.isIdentifier(name) ? [name] : name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : names(e.name))));
  for (const statement of file.statements) {
    const declared = ts.isVariableStatement(statement) ? statement.declarationList.declarations.flatMap((d) => names(d.name))
      : (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name ? [statement.name] : [];
    const clash = declared.find((n) => imported.has(n.text));
    if (clash) return clash;
  }
  return undefined;
}


// An await (or for await) outside every function: the module runs in an async function, and an
// await reached while it is imported is refused then (session.ts); a main guard's is never reached.
function topLevelAwait(ts: typeof TS, file: TS.SourceFile): TS.Node | undefined {
  const visit = (node: TS.Node): TS.Node | undefined => {
    if (ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node)) return undefined;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) return node;
    return ts.forEachChild(node, visit);
  };
  return ts.forEachChild(file, visit);
}
