// The progress renderer, driven by events and a fake clock: the updating line at a terminal,
// plain lines in CI, and which of them a mode and a stream choose.

import { describe, expect, it } from "vitest";
import { ProgressRenderer, type ProgressStyle } from "../../src/front/progress.ts";
import { progressMode, progressStyle } from "../../src/front/progress-display.ts";
import type { ProgressEvent } from "../../src/progress/events.ts";

const ERASE = "\r\x1b[2K";

function renderer(style: ProgressStyle, columns?: number) {
  let now = 0;
  const writes: string[] = [];
  const r = new ProgressRenderer({
    style,
    write: (text) => writes.push(text),
    clock: () => now,
    ...(columns === undefined ? {} : { columns }),
  });
  return {
    writes,
    at(ms: number, event: ProgressEvent) {
      now = ms;
      r.event(event);
    },
    clear: () => r.clear(),
    refresh(ms: number) {
      now = ms;
      r.refresh();
    },
  };
}

const apply = (done: number, total = 80): ProgressEvent => ({
  type: "progress",
  phase: "apply",
  done,
  total,
});

describe("the updating line at a terminal", () => {
  it("shows calls done of total, the rate and the time left, redrawn in place", () => {
    const t = renderer("line");
    t.at(0, apply(0));
    t.at(2_000, apply(20));
    expect(t.writes).toEqual([
      `${ERASE}Applying: 0/80 calls (0%)`,
      `${ERASE}Applying: 20/80 calls (25%), 10/s, about 6 s left`,
    ]);
    t.at(10_000, apply(80));
    expect(t.writes.at(-1)).toBe(`${ERASE}Applying: 80/80 calls (100%), 8/s`);
    // Nothing in the line ever ends it: no newline is written.
    expect(t.writes.join("")).not.toContain("\n");
  });

  it("is drawn at most every 100 ms, but always at the end of a phase", () => {
    const t = renderer("line");
    t.at(0, apply(0, 3));
    t.at(50, apply(1, 3));
    t.at(60, apply(3, 3));
    expect(t.writes).toEqual([
      `${ERASE}Applying: 0/3 calls (0%)`,
      `${ERASE}Applying: 3/3 calls (100%), 50/s`,
    ]);
  });

  it("counts the requests of a read, whose total is not known", () => {
    const t = renderer("line");
    t.at(0, { type: "progress", phase: "read", done: 1 });
    expect(t.writes).toEqual([`${ERASE}Reading live state: 1 request`]);
    t.at(4_000, { type: "progress", phase: "read", done: 121 });
    expect(t.writes.at(-1)).toBe(`${ERASE}Reading live state: 121 requests, 30.3/s`);
  });

  it("shows a wait and its reason, counting down, until progress resumes", () => {
    const t = renderer("line");
    t.at(0, apply(0));
    t.at(1_000, apply(10));
    t.at(1_000, {
      type: "wait",
      seconds: 45,
      reason: "429 Too Many Requests; Retry-After",
      request: "GET /x",
    });
    expect(t.writes.at(-1)).toBe(
      `${ERASE}Applying: 10/80 calls (12%), 10/s, about 7 s left — waiting 45 s: 429 Too Many Requests; Retry-After`,
    );
    t.refresh(31_000);
    expect(t.writes.at(-1)).toContain("— waiting 15 s: 429 Too Many Requests; Retry-After");
    t.at(47_000, apply(11));
    expect(t.writes.at(-1)).not.toContain("waiting");
  });

  it("is cleared before other output and not drawn again until the next event", () => {
    const t = renderer("line");
    t.at(0, apply(0));
    t.clear();
    expect(t.writes.at(-1)).toBe(ERASE);
    t.clear();
    t.refresh(5_000);
    expect(t.writes).toHaveLength(2);
    t.at(6_000, apply(1));
    expect(t.writes).toHaveLength(3);
  });

  it("is cut to the terminal's width, so that it never wraps", () => {
    const t = renderer("line", 20);
    t.at(0, apply(0));
    expect(t.writes).toEqual([`${ERASE}Applying: 0/80 call`]);
  });
});

describe("plain lines in CI", () => {
  it("prints a whole line at each tenth done or every 10 seconds, never erasing", () => {
    const t = renderer("plain");
    t.at(0, apply(0, 100));
    t.at(1_000, apply(5, 100));
    t.at(2_000, apply(10, 100));
    t.at(3_000, apply(15, 100));
    t.at(13_000, apply(16, 100));
    t.at(14_000, apply(100, 100));
    expect(t.writes).toEqual([
      "Applying: 10/100 calls (10%), 5/s, about 18 s left\n",
      "Applying: 16/100 calls (16%), 1.2/s, about 1 min 9 s left\n",
      "Applying: 100/100 calls (100%), 7.1/s\n",
    ]);
  });

  it("prints a wait as a line of its own", () => {
    const t = renderer("plain");
    t.at(0, {
      type: "wait",
      seconds: 45,
      reason: "the API asked (429 Retry-After)",
      request: "GET /orgs/o/teams",
    });
    expect(t.writes).toEqual([
      "Waiting 45 s: the API asked (429 Retry-After); then GET /orgs/o/teams is sent again.\n",
    ]);
  });
});

describe("which style", () => {
  it("auto: the line at a terminal, plain lines in CI, nothing in a redirected stream", () => {
    expect(progressStyle("auto", true, {})).toBe("line");
    expect(progressStyle("auto", true, { CI: "true" })).toBe("plain");
    expect(progressStyle("auto", false, { CI: "true" })).toBe("plain");
    expect(progressStyle("auto", false, {})).toBe("off");
    expect(progressStyle("auto", false, { CI: "false" })).toBe("off");
  });

  it("always and never override where the stream goes", () => {
    expect(progressStyle("always", false, {})).toBe("plain");
    expect(progressStyle("always", true, {})).toBe("line");
    expect(progressStyle("never", true, {})).toBe("off");
  });

  it("takes --progress, else DOCSYNC_PROGRESS, and names a wrong DOCSYNC_PROGRESS", () => {
    expect(progressMode("never", { DOCSYNC_PROGRESS: "always" })).toBe("never");
    expect(progressMode(undefined, { DOCSYNC_PROGRESS: "always" })).toBe("always");
    expect(progressMode(undefined, {})).toBe("auto");
    expect(() => progressMode(undefined, { DOCSYNC_PROGRESS: "sometimes" })).toThrow(
      'DOCSYNC_PROGRESS must be one of never, auto, always (got "sometimes").',
    );
  });
});
