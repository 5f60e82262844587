export interface CachedScriptOptions {
  /** The file is one function expression of (exports, require, module, __filename, __dirname), in ASCII. */
  wrapped?: boolean;
  /** What the module's require calls (Node's, from the file's folder, by default). */
  require?: (specifier: string) => unknown;
  /** Where the code cache is kept (default: beside the file, FILE.v8cache). */
  cacheFile?: string;
}
/** Runs `file` as a CommonJS module through a V8 code cache and returns its exports. */
export declare function runCachedScript(file: string, options?: CachedScriptOptions): unknown;
/** Writes the code caches this process has yet to write; best effort, never an error. */
export declare function saveCodeCaches(): void;
