// The Node.js docsync needs, checked before anything else is loaded: the modules it loads use
// what older versions lack (undici needs `File`, a global since Node.js 20), and would fail
// with an error that says nothing of the version. This module imports nothing, so that it runs
// first wherever it is imported first; bin/docsync.js makes the same check for itself.

/** The oldest Node.js docsync runs on, as package.json's `engines` says. */
export const MINIMUM_NODE = [20, 18] as const;

/** Why docsync cannot run on Node.js `version` (as `process.version` gives it), if it cannot. */
export function nodeVersionProblem(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return `docsync needs Node.js ${needMajor}.${needMinor} or newer; this is ${version.replace(/^v/, "")}`;
}
