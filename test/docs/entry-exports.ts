/**
 * Every name the package's entries export (package.json `exports` with a `types` of our own
 * sources), and for each exported class, interface or type its members as `Name.member` (instance
 * and static): read by the TypeScript checker, so a type-only export counts as the README may name
 * an option's field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The source file behind each `types` path: `./dist/types/src/index.d.ts` → `src/index.ts`. */
export function entrySources(root: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> };
  return Object.values(pkg.exports)
    .map((target) => (typeof target === 'object' ? target.types?.match(/^\.\/dist\/types\/(.+)\.d\.ts$/)?.[1] : undefined))
    .filter((path): path is string => path !== undefined)
    .map((path) => join(root, `${path}.ts`));
}

export function entryExports(root: string): Set<string> {
  const configPath = join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const files = entrySources(root);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const out = new Set<string>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`no module for ${file}`);
    for (const exported of checker.getExportsOfModule(module)) {
      const name = exported.getName();
      out.add(name);
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const types: ts.Type[] = [];
      if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) types.push(checker.getDeclaredTypeOfSymbol(symbol));
      if (symbol.flags & ts.SymbolFlags.Value) types.push(checker.getTypeOfSymbol(symbol));
      for (const type of types) for (const member of checker.getPropertiesOfType(checker.getApparentType(type))) out.add(`${name}.${member.getName()}`);
    }
  }
  return out;
}
