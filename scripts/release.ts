// A release, as .github/workflows/release.yml runs it on a tag vX.Y.Z: the tarball `npm pack`
// makes (it builds dist/ first), checked to hold what a user needs and nothing else, published
// with provenance, and the Action's major tag (v1) moved to the released commit, so that
// `uses: OWNER/docsync@v1` runs this release.
//   npx tsx scripts/release.ts --tag v0.1.0 [--dry-run]
// --dry-run does everything up to the registry: npm publish --dry-run, and says which tag it would
// move instead of moving it. The tag defaults to GITHUB_REF_NAME (the tag a workflow runs for).

import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** What the published package must hold: the executable, its build, its types, the schemas. */
export const REQUIRED_FILES = [
  "bin/docsync.js",
  "dist/cli.js",
  "dist/index.js",
  "dist/types/index.d.ts",
  "schemas/docsync.schema.json",
  "LICENSE",
  "README.md",
  "package.json",
];

/** The tarball's problems, one line each: a file it lacks, or one of the repository's it should not hold. */
export function tarballProblems(paths: readonly string[]): string[] {
  const missing = REQUIRED_FILES.filter((path) => !paths.includes(path)).map((path) => `missing ${path}`);
  const unwanted = paths
    .filter(
      (path) =>
        (/^(src|test|bench|scripts|\.ci|\.github|examples|dist-action|node_modules)\//.test(path) ||
          /\.(ts|pem|tgz)$/.test(path)) &&
        !path.endsWith(".d.ts"),
    )
    .map((path) => `should not hold ${path}`);
  return [...missing, ...unwanted];
}

/** The release's version from its tag, which must be `v` and the package's version. */
export function versionOfTag(tag: string | undefined, packageVersion: string): string {
  if (tag === undefined || tag === "")
    throw new Error("no tag to release: pass --tag vX.Y.Z (a workflow's GITHUB_REF_NAME)");
  if (!/^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(tag))
    throw new Error(`tag ${JSON.stringify(tag)} is not a release tag vX.Y.Z`);
  if (tag !== `v${packageVersion}`)
    throw new Error(
      `tag ${tag} does not match package.json's version ${packageVersion}: set "version" first`,
    );
  return packageVersion;
}

/** The Action's major tag a release moves: v1 for 1.4.2 (v0 for 0.1.0). None for a pre-release. */
export function majorTag(version: string): string | undefined {
  return version.includes("-") ? undefined : `v${version.split(".")[0]}`;
}

interface PackResult {
  filename: string;
  files: { path: string }[];
}

/** Where a release writes what it did, and the environment its npm and git calls run in. */
export interface ReleaseIo {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
}

const PROCESS_IO: ReleaseIo = {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** `npm pack` into `dir`: the tarball's path and the paths it holds. */
async function pack(dir: string, env: NodeJS.ProcessEnv): Promise<{ tarball: string; paths: string[] }> {
  const { stdout } = await run(npm, ["pack", "--json", "--pack-destination", dir], {
    cwd: ROOT,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  // npm prints the prepare build's output before the JSON.
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf("[\n"))) as PackResult[];
  return { tarball: join(dir, packed!.filename), paths: packed!.files.map((file) => file.path) };
}

async function git(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return (await run("git", args, { cwd: ROOT, env })).stdout.trim();
}

export async function release(
  options: { tag: string | undefined; dryRun: boolean },
  io: ReleaseIo = PROCESS_IO,
): Promise<void> {
  const { env } = io;
  const manifest = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { version: string };
  const version = versionOfTag(options.tag, manifest.version);
  const dir = await mkdtemp(join(tmpdir(), "docsync-release-"));
  try {
    const { tarball, paths } = await pack(dir, env);
    const problems = tarballProblems(paths);
    if (problems.length > 0) throw new Error(`the tarball is not the package:\n  ${problems.join("\n  ")}`);
    io.out(`Packed docsync ${version}: ${paths.length} files, each one the package needs.\n`);

    // Provenance ties the package to the workflow run that built it (GitHub's OIDC token).
    const publish = ["publish", tarball, "--provenance", "--access", "public"];
    if (options.dryRun) publish.push("--dry-run");
    const published = await run(npm, publish, { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 });
    io.out(published.stdout);
    io.err(published.stderr);

    const major = majorTag(version);
    if (major === undefined) {
      io.out(`No major tag to move for ${version}.\n`);
      return;
    }
    const commit = await git(["rev-parse", "HEAD"], env);
    if (options.dryRun) {
      io.out(`Would move ${major} to ${commit} (dry run).\n`);
      return;
    }
    await git(["tag", "--force", major, commit], env);
    await git(["push", "--force", "origin", `refs/tags/${major}`], env);
    io.out(`Moved ${major} to ${commit}.\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The script's command line (`--tag vX.Y.Z`, else GITHUB_REF_NAME; `--dry-run`): the release, or
 * one line saying why it stopped. Its exit code: 0 released, 1 not.
 */
export async function main(args: readonly string[], io: ReleaseIo = PROCESS_IO): Promise<number> {
  const tagAt = args.indexOf("--tag");
  const tag = tagAt >= 0 ? args[tagAt + 1] : io.env.GITHUB_REF_NAME;
  try {
    await release({ tag, dryRun: args.includes("--dry-run") }, io);
    return 0;
  } catch (error) {
    const failed = error as Error & { stderr?: string; cmd?: string };
    // A failed npm or git call: its own words, which name what went wrong.
    const detail = failed.stderr ? `\n${failed.stderr.trim()}` : "";
    io.err(`Error: ${failed.cmd ? `${failed.cmd} failed` : failed.message}${detail}\n`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  process.exitCode = await main(process.argv.slice(2));
}
