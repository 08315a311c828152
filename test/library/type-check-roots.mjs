// Type-checks the files a tsconfig names, and nothing else: what they use of other files is
// resolved (the types a user of those files sees), but those files' own bodies are not checked;
// `tsc --noEmit -p .` checks them. Prints tsc's diagnostics and exits 1 when there are any.
// Usage: node test/library/type-check-roots.mjs <tsconfig.json>

import ts from "typescript";

const configPath = process.argv[2] ?? "tsconfig.json";
const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(config ?? {}, ts.sys, ts.getDirectoryPath(configPath));
const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
const roots = parsed.fileNames
  .map((name) => program.getSourceFile(name))
  .filter((file) => file !== undefined);
const diagnostics = [
  ...(error ? [error] : []),
  ...parsed.errors,
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...roots.flatMap((file) => [
    ...program.getSyntacticDiagnostics(file),
    ...program.getSemanticDiagnostics(file),
  ]),
];
if (roots.length !== parsed.fileNames.length)
  process.stdout.write("a file the tsconfig names was not read\n");
process.stdout.write(
  ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: ts.sys.getCurrentDirectory,
    getNewLine: () => "\n",
  }),
);
process.exitCode = diagnostics.length > 0 || roots.length !== parsed.fileNames.length ? 1 : 0;
