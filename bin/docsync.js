#!/usr/bin/env node
// The docsync executable. An installed package runs its build (dist/cli.js). A clone of the
// repository, where the sources and tsx (a development dependency) are present, runs the
// sources through tsx instead, so that what runs is never an older build of them.
//
// First of all, the Node.js version: what is loaded next needs a recent one, and on an older
// one would fail with an error that does not say why. It is the check src/cli/node-version.ts
// makes (which dist/cli.js makes first too), written again here since this file runs before
// either can be loaded; test/cli/node-version.test.ts keeps the two alike.
const [major, minor] = process.version.slice(1).split(".").map(Number);
if (major < 20 || (major === 20 && minor < 18)) {
  process.stderr.write(`Error: docsync needs Node.js 20.18 or newer; this is ${process.version.slice(1)}\n`);
  process.exit(1);
}

const { existsSync } = await import("node:fs");
const source = new URL("../src/cli/main.ts", import.meta.url);

async function tsxRegister() {
  if (!existsSync(source)) return undefined;
  try {
    return (await import("tsx/esm/api")).register;
  } catch {
    return undefined;
  }
}

const register = await tsxRegister();
if (register) {
  register();
  await import(source.href);
} else {
  await import("../dist/cli.js");
}
