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
      comment: "The CLI and the GitHub Action reach planning, applying, reading and exporting through the engine only.",
      from: { path: "^src/(cli|action)/" },
      to: { path: "^src/(plan|apply|live|drift|export)/" },
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
