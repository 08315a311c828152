import { defineConfig } from "vitest/config";
import LongestFirst from "./test/support/longest-first.ts";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // What every test file needs set up afresh, its modules being shared (below).
    setupFiles: ["test/support/per-file-setup.ts"],
    // The files of a worker share their modules: loading the sources again for each file took
    // more time than most files' tests. Tests leave no state in the modules behind them.
    isolate: false,
    // Two files at a time on two cores: much of a file's time is waiting (the emulator's delays,
    // processes starting), which the other file's work fills.
    maxWorkers: 2,
    // The long files first, wherever the run has no durations of its own (longest-first.ts).
    sequence: { sequencer: LongestFirst },
    // Modules as vite transformed them are kept between runs, keyed by their content, vitest's
    // version and this configuration: a run transforms only what changed since the last one.
    experimental: { fsModuleCache: true, fsModuleCachePath: "node_modules/.cache/vitest-modules" },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
