// The import graph's rules, checked by `npm run lint:imports` (dependency-cruiser) in CI.
// Type-only imports count: a circle of types is a circle all the same for whoever reads the code.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module never reaches itself through its imports: a circle is one module in several files.",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "front-ends-through-the-engine",
      severity: "error",
      comment:
        "The CLI, the GitHub Action and what they share reach planning, applying, reading and exporting through the engine only.",
      from: { path: "^src/(cli|action|front)/" },
      to: { path: "^src/(plan|apply|live|drift|export)/" },
    },
    {
      name: "action-not-through-the-cli",
      severity: "error",
      comment: "The GitHub Action takes what it shares with the CLI from src/front/, never from the CLI itself.",
      from: { path: "^src/action/" },
      to: { path: "^src/cli/" },
    },
    {
      name: "cli-not-through-the-action",
      severity: "error",
      comment: "The CLI takes what it shares with the GitHub Action from src/front/, never from the Action itself.",
      from: { path: "^src/cli/" },
      to: { path: "^src/action/" },
    },
    {
      name: "front-below-its-front-ends",
      severity: "error",
      comment: "What the CLI and the GitHub Action share imports neither of them: both build on it.",
      from: { path: "^src/front/" },
      to: { path: "^src/(cli|action)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|dist-action)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["docsync-source", "import", "default"],
      extensions: [".ts", ".js", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
