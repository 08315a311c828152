// `npm run build`: the JavaScript the package runs, and the Action's single file.
//
// - dist/cli.js and its chunks: the CLI, bundled from src/ with the dependencies left as imports
//   (they are the package's dependencies). What a command loads on demand (the emulator, the
//   readline prompt, …) stays in chunks of its own, so start-up reads only what it needs.
// - dist/index.js and dist/types/: docsync as a library, with its declarations.
// - dist-action/index.js: the GitHub Action in one file,
//   dependencies included, committed to the repository because a runner does not install.

import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import type { Ajv, ValidateFunction } from "ajv";
import { type BuildOptions, build, type Plugin } from "esbuild";

const ROOT = resolve(import.meta.dirname, "..");

const COMMON: BuildOptions = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.18",
  absWorkingDir: ROOT,
  logLevel: "warning",
  legalComments: "none",
};

/** The modules whose validator the build generates ahead of time: the one that stops at the first
 * error (at every start) and the one that reports every error (in a chunk loaded on an error). */
const PRECOMPILED = {
  "schema-precompiled.ts": { name: "precompiledValidator", firstError: true },
  "schema-precompiled-all-errors.ts": { name: "precompiledAllErrorsValidator", firstError: false },
} as const;
type PrecompiledModule = keyof typeof PRECOMPILED;

/**
 * A configuration schema's validator as ajv generates it ahead of time (standalone code), in
 * place of src/config/`module`, so that the build does not compile it at start-up.
 */
export async function precompiledSchemaModule(
  module: PrecompiledModule = "schema-precompiled.ts",
): Promise<string> {
  const { _ } = await import("ajv");
  // A CommonJS module: its function is the default export, or that export's own `default`.
  type Standalone = (ajv: Ajv, validate: ValidateFunction) => string;
  const loaded = (await import("ajv/dist/standalone/index.js")).default as unknown as Standalone & {
    default?: Standalone;
  };
  const standalone = loaded.default ?? loaded;
  const { FIRST_ERROR, schemaAjv } = await import("../src/config/schema-ajv.ts");
  const { isAbsoluteUrl } = await import("../src/config/schema-validate.ts");
  const schema = JSON.parse(await readFile(join(ROOT, "schemas/docsync.schema.json"), "utf8"));
  const { name, firstError } = PRECOMPILED[module];
  const ajv = schemaAjv(
    { uri: isAbsoluteUrl },
    { ...(firstError ? FIRST_ERROR : {}), code: { source: true, esm: true, formats: _`formats` } },
  );
  let code = standalone(ajv, ajv.compile(schema));
  // The runtime helpers it requires, as imports; the formats, from the caller.
  const imports: string[] = [];
  code = code.replace(/require\("(ajv\/dist\/runtime\/[a-z_0-9]+)"\)/g, (_match: string, path: string) => {
    const name = `runtime${imports.length}`;
    imports.push(`import ${name} from "${path}.js";`);
    return name;
  });
  const root = /^"use strict";export const validate = (validate\d+);export default \1;/.exec(code);
  code = code.slice(root?.[0].length);
  if (root === null || !/^const schema\d+ = /.test(code))
    throw new Error("ajv's standalone code is not in the expected form");
  // The validator that stops at the first error is only asked whether a value is valid: its error
  // objects are one placeholder, which makes its code a third smaller and quicker to load.
  if (firstError) {
    const counter = imports.findIndex((line) => line.includes("/ucs2length."));
    code = withoutAnnotations(withoutErrorDetails(code));
    code = `const E = {};\n${counter === -1 ? code : withQuickLengths(code, `runtime${counter}`)}`;
  }
  return `${imports.join("\n")}\nexport function ${name}(formats) {\n${code}\nreturn ${root[1]};\n}\n`;
}

/** ajv's generated code with each error object it makes (`validateN.errors = [{…}]`, `const errN
 * = {…}`) replaced by `E`: the code only counts its errors, it never reads them. */
export function withoutErrorDetails(code: string): string {
  let out = "";
  let from = 0;
  for (const found of code.matchAll(/\.errors = \[(?=\{)|const err\d+ = (?=\{)/g)) {
    if (found.index < from) continue;
    const open = found.index + found[0].length;
    out += `${code.slice(from, open)}E`;
    from = literalEnd(code, open);
  }
  return out + code.slice(from);
}

/**
 * ajv's generated code with its checks of a string's length in characters (`funcN(data) > 64`,
 * funcN counting, in a loop over the string, a pair of surrogates once) first made on the
 * string's length in UTF-16 units, which is at least that count and at most twice it: the loop
 * only runs when that cannot decide, which for a configuration's strings is almost never.
 * `counter` is the name ajv's ucs2length runtime is imported under.
 */
export function withQuickLengths(code: string, counter: string): string {
  const name = new RegExp(`const (func\\d+) = ${counter}\\.default`).exec(code)?.[1];
  if (name === undefined) return code;
  const check = new RegExp(`\\b${name}\\((\\w+)\\) ([<>]) (\\d+)`, "g");
  return code.replace(check, (whole: string, value: string, than: string, limit: string) =>
    than === ">"
      ? `(${value}.length > ${limit} && ${whole})`
      : `(${value}.length < ${2 * Number(limit)} && ${whole})`,
  );
}

/** Keys of a schema that name properties or definitions rather than keywords: kept, whatever
 * their names. */
const NAMED = new Set(["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"]);
/** Keys that hold data rather than schemas: kept as they are. */
const DATA = new Set(["enum", "const", "default", "required"]);
/** Keywords that only describe: no validation reads them. */
const ANNOTATIONS = new Set(["description", "markdownDescription", "errorMessage", "title", "examples"]);

/**
 * ajv's generated code with the schemas it holds as constants (`const schemaN = {…};`, read
 * only for the names of their properties once no error object refers to them) without their
 * descriptions and messages: a sixth of the first-error validator's code.
 */
export function withoutAnnotations(code: string): string {
  let out = "";
  let from = 0;
  for (const found of code.matchAll(/const schema\d+ = (?=\{)/g)) {
    const open = found.index + found[0].length;
    const end = literalEnd(code, open);
    out += `${code.slice(from, open)}${JSON.stringify(bare(JSON.parse(code.slice(open, end))))}`;
    from = end;
  }
  return out + code.slice(from);
}

function bare(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(bare);
  if (schema === null || typeof schema !== "object") return schema;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (DATA.has(key)) kept[key] = value;
    else if (NAMED.has(key) && value !== null && typeof value === "object")
      kept[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, bare(child)]));
    else kept[key] = bare(value);
  }
  return kept;
}

/** Where the object literal that opens at `open` ends, skipping what its strings hold. */
function literalEnd(code: string, open: number): number {
  let depth = 0;
  for (let at = open; at < code.length; at++) {
    const char = code[at];
    if (char === '"' || char === "'" || char === "`") {
      for (at++; code[at] !== char; at++) if (code[at] === "\\") at++;
    } else if (char === "{" || char === "[") depth++;
    else if ((char === "}" || char === "]") && --depth === 0) return at + 1;
  }
  throw new Error("ajv's standalone code has an unclosed literal");
}

/** Each module generated once per schema, when one process makes several builds (the tests'
 * Action and CLI at once): a generation costs half a second. */
const generated = new Map<string, Promise<string>>();

const precompiledSchema: Plugin = {
  name: "precompiled-schema",
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]schema-precompiled(-all-errors)?\.ts$/ }, async (args) => {
      const module = basename(args.path) as PrecompiledModule;
      const key = `${module}\n${await readFile(join(ROOT, "schemas/docsync.schema.json"), "utf8")}`;
      if (!generated.has(key)) generated.set(key, precompiledSchemaModule(module));
      return { contents: await generated.get(key)!, loader: "js", resolveDir: ROOT };
    });
  },
};

/**
 * What every start needs, bundled rather than loaded as CommonJS modules of their own: the few
 * helpers of ajv's runtime that the precompiled validator calls (ajv's compiler is never loaded),
 * and commander, whose files Node.js would otherwise resolve and scan for exports one by one
 * (about a tenth of validate's start-up); and the parts of undici that src/api/ uses
 * (UNDICI_PARTS), for the commands that talk to the service (in their chunk: validate does not
 * load it).
 */
const startupBundled: Plugin = {
  name: "startup-bundled",
  setup(esbuild) {
    esbuild.onResolve(
      { filter: /^(ajv\/dist\/runtime\/|fast-deep-equal$|commander$|undici\/lib\/)/ },
      (args) => ({
        path: createRequire(join(ROOT, "package.json")).resolve(args.path),
        external: false,
      }),
    );
    esbuild.onResolve({ filter: /^undici$/ }, () => ({ path: "undici", namespace: "undici-parts" }));
    esbuild.onLoad({ filter: /.*/, namespace: "undici-parts" }, () => ({
      contents: UNDICI_PARTS,
      loader: "js",
      resolveDir: ROOT,
    }));
    // undici's HTTP/1.1 client requires its HTTP/2 one, which loads node:http2 and node:tls (a
    // fifth of undici's start-up); docsync's connections never offer HTTP/2 (allowH2 is off).
    esbuild.onResolve({ filter: /[\\/]client-h2(\.js)?$/ }, (args) =>
      args.importer.includes(`undici${sep}lib${sep}dispatcher`)
        ? { path: "client-h2", namespace: "undici-no-h2" }
        : undefined,
    );
    esbuild.onLoad({ filter: /.*/, namespace: "undici-no-h2" }, () => ({
      contents: 'module.exports = function connectH2() { throw new Error("docsync does not use HTTP/2."); };',
      loader: "js",
    }));
    // commander requires node:child_process (with node:net and node:dgram) for executable
    // subcommands, which docsync has none of: loaded if ever called, not at every start.
    esbuild.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes(`commander${sep}lib`)
        ? { path: "child_process", namespace: "lazy-child-process" }
        : undefined,
    );
    esbuild.onLoad({ filter: /.*/, namespace: "lazy-child-process" }, () => ({
      contents: 'module.exports = { spawn: (...args) => require("node:child_process").spawn(...args) };',
      loader: "js",
    }));
  },
};

/**
 * The parts of undici that src/api/ imports (a Pool, its connector, and the proxy agent, made only
 * when a proxy is configured) in place of its index, which loads fetch, WebSocket, the caches,
 * the mocks and Node's own copy of undici besides: a third of its code, and most of its start-up.
 * `request` and the other calls of a dispatcher are what the index adds to Dispatcher.prototype.
 */
const UNDICI_PARTS = `
const Dispatcher = require("undici/lib/dispatcher/dispatcher");
Object.assign(Dispatcher.prototype, require("undici/lib/api"));
module.exports = {
  Pool: require("undici/lib/dispatcher/pool"),
  buildConnector: require("undici/lib/core/connect"),
  get EnvHttpProxyAgent() {
    return require("undici/lib/dispatcher/env-http-proxy-agent");
  },
};
`;

/** The CLI and the library, dependencies external, in dist/. */
export async function buildPackage(): Promise<void> {
  await rm(join(ROOT, "dist"), { recursive: true, force: true });
  await buildCli(join(ROOT, "dist"), { cli: "src/cli/main.ts", index: "src/index.ts" });
  await buildTypes();
}

/**
 * The CLI's bundle as the package ships it, in `outdir`; the tests run their own copy under
 * node_modules/, where its dependencies resolve, rather than the sources through tsx.
 */
export async function buildCli(
  outdir: string,
  entryPoints: Record<string, string> = { cli: "src/cli/main.ts" },
): Promise<void> {
  await build({
    ...COMMON,
    entryPoints,
    outdir,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    packages: "external",
    minifySyntax: true,
    minifyWhitespace: true,
    // commander, bundled, is CommonJS: its require of Node's own modules needs one in an ES module.
    banner: {
      js: 'import { createRequire as requireFrom } from "node:module";const require=requireFrom(import.meta.url);',
    },
    plugins: [precompiledSchema, startupBundled],
  });
}

/**
 * The library's declarations: tsc writes every module's, with the sources' `.ts` import
 * specifiers; only those index.d.ts reaches are kept, their specifiers made `.js`.
 * `--noCheck`: tsc emits the same declarations without type-checking the sources first, in half
 * the time (only the order of a union's members may differ). The check is not skipped: CI
 * (.ci/run) and the release workflow run `tsc --noEmit -p .` before they build or publish.
 */
async function buildTypes(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), "docsync-types-"));
  try {
    execFileSync(
      process.execPath,
      [
        join(ROOT, "node_modules/typescript/bin/tsc"),
        "-p",
        "tsconfig.types.json",
        "--noCheck",
        "--outDir",
        scratch,
      ],
      { cwd: ROOT, stdio: "inherit" },
    );
    const pending = ["index.d.ts"];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const text = await readFile(join(scratch, file), "utf8");
      const rewritten = text.replace(/(["'])(\.{1,2}\/[^"']+)\.ts\1/g, (_, quote: string, path: string) => {
        pending.push(relative(scratch, resolve(dirname(join(scratch, file)), `${path}.d.ts`)));
        return `${quote}${path}.js${quote}`;
      });
      const target = join(ROOT, "dist/types", file);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, rewritten);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The Action never runs `docsync emulator`: the emulator stays out of its file. */
const withoutEmulator: Plugin = {
  name: "without-emulator",
  setup(esbuild) {
    esbuild.onResolve({ filter: /emulator\/cli\.ts$/ }, (args) => ({
      path: args.path,
      namespace: "omitted",
    }));
    esbuild.onLoad({ filter: /.*/, namespace: "omitted" }, () => ({
      contents:
        'export function runEmulator() { throw new Error("The emulator is not part of the Action."); }',
      loader: "js",
    }));
  },
};

/** The Action's one file holds the `yaml` package that src/config/yaml-package.ts loads from the
 * installed dependencies when first needed: a runner has none installed. */
const yamlPackageBundled: Plugin = {
  name: "yaml-package-bundled",
  setup(esbuild) {
    esbuild.onLoad({ filter: /config[\\/]yaml-package\.ts$/ }, () => ({
      contents: 'import * as yaml from "yaml";\nexport const yamlPackage = () => yaml;',
      loader: "js",
      resolveDir: ROOT,
    }));
  },
};

/** The Action: one file with everything in it, as a runner runs it; `outfile` for the tests' copy. */
export async function buildAction(outfile = "dist-action/index.js"): Promise<void> {
  await build({
    ...COMMON,
    entryPoints: ["src/action/main.ts"],
    outfile,
    // Dependencies written as CommonJS call require(); give them one in this ES module.
    banner: {
      js: 'import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);',
    },
    minifySyntax: true,
    plugins: [withoutEmulator, precompiledSchema, yamlPackageBundled],
  });
}

/**
 * Whether npm's `prepare` runs to pack this package: `npm pack` and `npm publish`, and npm
 * installing it from git (it packs the clone, `npm_package_resolved` set, after installing the
 * clone's own dependencies, when it runs `prepare` too but does not pack). A clone's `npm ci`
 * or `npm install` runs it as well, and builds nothing: in a clone, bin/docsync.js runs the sources.
 */
export const packing = (env: NodeJS.ProcessEnv): boolean =>
  env.npm_package_resolved !== undefined || env.npm_command === "pack" || env.npm_command === "publish";

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  // No flag: both. `--package`: dist/ only. `--prepare` (npm's prepare): dist/ only, when packing.
  // `--action`: dist-action/ only.
  const action = process.argv.includes("--action");
  const pkg = process.argv.includes("--package");
  if (process.argv.includes("--prepare")) {
    if (packing(process.env)) await buildPackage();
  } else {
    if (!action || pkg) await buildPackage();
    if (!pkg || action) await buildAction();
  }
}
