#!/usr/bin/env node
// The docsync executable. An installed package runs its build (dist/cli.js). A clone of the
// repository, where the sources and tsx (a development dependency) are present, runs the
// sources through tsx instead, so that what runs is never an older build of them.
import { existsSync } from "node:fs";

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
