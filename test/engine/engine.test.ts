// The engine's operations in-process against the emulator over HTTP: a session made of a client,
// a redactor, a clock and an event listener; values in, values out, nothing printed. A model for
// tests that need no process: build a session with `engineSession`, call the operation, assert on
// what it returns, on the events it told and on what the emulator holds.

import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../src/api/client.ts";
import type { DesiredState } from "../../src/config/types.ts";
import {
  applyConfiguration,
  applySavedPlan,
  approvedPlan,
  createSession,
  driftOf,
  type EngineEvent,
  exportLive,
  loadConfiguration,
  planForReview,
  planLive,
  readSavedPlan,
  type Session,
  savePlan,
} from "../../src/engine/index.ts";
import { sealPlan } from "../../src/saved/saved.ts";
import { Redactor } from "../../src/secrets/redactor.ts";
import { type Harness, startHarness } from "../support/harness.ts";

/** 2030-01-02T03:04:05Z: the clock of every session here, so that what it dates is known. */
const NOW = Date.UTC(2030, 0, 2, 3, 4, 5);

describe("the engine", () => {
  let h: Harness;
  const closing: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    for (const close of closing) await close();
    await h.close();
  });

  /** A session on the harness's emulator, with the events it tells. */
  function engineSession(): { session: Session; events: EngineEvent[] } {
    let sent = 0;
    const client = createApiClient({
      baseUrl: h.emulator.url,
      token: h.emulator.token,
      onEvent: (event) => {
        if (event.type === "request") sent += 1;
      },
    });
    closing.push(() => client.close());
    const events: EngineEvent[] = [];
    const session = createSession({
      client,
      secrets: new Redactor([h.emulator.token]),
      clock: () => NOW,
      sent: () => sent,
      onEvent: (event) => events.push(event),
    });
    return { session, events };
  }

  async function configuration(session: Session, lines: string[]): Promise<DesiredState> {
    const path = await h.config(["version: 1", `organization: ${h.org}`, ...lines, ""].join("\n"));
    return loadConfiguration({ paths: [path], env: {} }, session.secrets, session.emit);
  }

  it("plans, applies after the confirmation with the check, then finds no drift; printing nothing", async () => {
    const written = [vi.spyOn(process.stdout, "write"), vi.spyOn(process.stderr, "write")];
    try {
      const { session, events } = engineSession();
      const desired = await configuration(session, [
        "collections:",
        "  - title: Engine collection",
        "teams:",
        "  - title: Engine team",
      ]);
      expect(events[0]).toEqual({ type: "configuration", desired });

      const { safe } = await planForReview(session, desired, { allowDestroy: false });
      expect(safe.changes.map((change) => `${change.action} ${change.address}`)).toEqual([
        'create collection "Engine collection"',
        'create team "Engine team"',
      ]);

      const writesBefore = h.writes();
      const confirmed: string[] = [];
      const applied = await applyConfiguration(session, desired, {
        parallelism: 4,
        allowDestroy: false,
        confirmation: {
          ask: async (question) => {
            confirmed.push(question);
            // Nothing is written before the plan is confirmed.
            expect(h.writes()).toBe(writesBefore);
            return "yes\n";
          },
        },
      });
      expect(confirmed).toEqual(["Apply these changes? Only 'yes' is accepted: "]);
      expect(applied.status).toBe("applied");
      if (applied.status !== "applied") return;
      expect(applied.made.changes).toBe(2);
      expect(applied.made.calls).toBe(h.writes() - writesBefore);
      const ended = events.filter((event) => event.type === "call-ended");
      expect(ended.map((event) => event.outcome.status)).toEqual(["done", "done"]);
      expect(events.filter((event) => event.type === "planned")).toHaveLength(1);

      const { report } = await driftOf(session, desired);
      expect(report.drifted).toBe(false);
    } finally {
      for (const spy of written) spy.mockRestore();
    }
    for (const spy of written) expect(spy).not.toHaveBeenCalled();
  });

  it("tells the plan's warnings as events: a live item matched to nothing beside a create", async () => {
    const { session, events } = engineSession();
    const made = await configuration(session, ["teams:", "  - title: Warned team"]);
    await applyConfiguration(session, made, {
      parallelism: 4,
      allowDestroy: false,
      confirmation: { given: true },
    });
    // Renamed here, the live team is matched to nothing.
    const desired = await configuration(session, ["teams:", "  - title: Warned team renamed"]);
    const { safe } = await planForReview(session, desired, { allowDestroy: false });
    expect(safe.warnings).not.toEqual([]);
    const warned = events.flatMap((event) => (event.type === "warning" ? [event.message] : []));
    expect(warned).toEqual(safe.warnings);
  });

  it("makes no call when the confirmation is refused, or when nobody can give it", async () => {
    const { session } = engineSession();
    const desired = await configuration(session, ["collections:", "  - title: Never made"]);
    const writesBefore = h.writes();
    const options = { parallelism: 4, allowDestroy: false };
    const refused = applyConfiguration(session, desired, {
      ...options,
      confirmation: { ask: async () => "y" },
    });
    await expect(refused).rejects.toMatchObject({ code: "apply.cancelled" });
    const unasked = applyConfiguration(session, desired, { ...options, confirmation: { given: false } });
    await expect(unasked).rejects.toMatchObject({ code: "apply.no-confirmation" });
    expect(h.writes()).toBe(writesBefore);
  });

  it("applies a saved plan exactly once: a second time it is found already applied", async () => {
    const { session } = engineSession();
    const desired = await configuration(session, ["collections:", "  - title: Saved and applied"]);
    const { plan } = await planLive(session, desired);
    const saved = sealPlan(plan, desired, { apiUrl: h.emulator.url, secrets: session.secrets });
    const input = { saved, file: "saved.json", desired, paths: ["docsync.yaml"], apiUrl: h.emulator.url };
    const approved = approvedPlan(input);
    const first = await applySavedPlan(
      session,
      { ...input, approved },
      { parallelism: 4, allowDestroy: false },
    );
    expect(first).toMatchObject({ status: "applied", made: { changes: 1 } });
    const second = await applySavedPlan(
      session,
      { ...input, approved },
      { parallelism: 4, allowDestroy: false },
    );
    expect(second.status).toBe("already-applied");
  });

  it("refuses a stale saved plan: nothing sent, the plan for now saved where asked, for approval", async () => {
    const { session, events } = engineSession();
    const dir = await mkdtemp(join(tmpdir(), "docsync-engine-"));
    const lines = ["teams:", "  - title: Stale team", "  - title: Stale team 2"];
    const desired = await configuration(session, lines);
    const { plan } = await planLive(session, desired);
    const file = join(dir, "approved.json");
    await savePlan(session, desired, plan, { file, apiUrl: h.emulator.url, allowDestroy: false });
    const saved = await readSavedPlan(file);
    const input = { saved, file, desired, paths: ["docsync.yaml"], apiUrl: h.emulator.url };
    const approved = approvedPlan(input);
    // Someone makes one of the teams by hand: the plan for now makes one call less.
    await h.api.send({ method: "PUT", path: `/orgs/${h.org}/teams`, body: { title: "Stale team" } });
    const out = join(dir, "now.json");
    const writesBefore = h.writes();
    const stale = await applySavedPlan(
      session,
      { ...input, approved },
      { parallelism: 4, allowDestroy: false, out },
    );
    expect(h.writes()).toBe(writesBefore);
    if (stale.status !== "stale") throw new Error(`not stale: ${stale.status}`);
    expect(stale.shown.changes.map((change) => change.address)).toEqual(['team "Stale team 2"']);
    expect(stale.error.code).toBe("plan.stale");
    expect(stale.error.message).toContain(
      `the plan for now is saved in ${out}: review it, and apply it with docsync apply ${out} -c docsync.yaml.`,
    );
    // The plan for now is applied exactly once approved; a second time it is applied already.
    const now = { ...input, saved: await readSavedPlan(out), file: out };
    const options = { parallelism: 4, allowDestroy: false };
    const applied = await applySavedPlan(session, { ...now, approved: approvedPlan(now) }, options);
    expect(applied).toMatchObject({ status: "applied", made: { changes: 1 } });
    const again = await applySavedPlan(session, { ...now, approved: approvedPlan(now) }, options);
    expect(again.status).toBe("already-applied");
    expect(events.filter((event) => event.type === "already-applied")).toHaveLength(1);
  });

  it("refuses a saved plan for another API before any request", async () => {
    const { session } = engineSession();
    const desired = await configuration(session, ["collections:", "  - title: Elsewhere"]);
    const { plan } = await planLive(session, desired);
    const saved = sealPlan(plan, desired, { apiUrl: "https://api.example.com", secrets: session.secrets });
    expect(() =>
      approvedPlan({ saved, file: "saved.json", desired, paths: ["docsync.yaml"], apiUrl: h.emulator.url }),
    ).toThrow(expect.objectContaining({ code: "plan.other-api" }));
  });

  it("exports the organization as configuration dated by the session's clock", async () => {
    // A collection of its own: what the file's other tests made may not be there yet.
    await h.api.send({
      method: "POST",
      path: `/orgs/${h.org}/collections`,
      body: { title: "Exported collection" },
    });
    const { session } = engineSession();
    const result = await exportLive(session, h.org, { pruneOrganizationWide: false });
    expect(result.yaml).toContain("exported on 2030-01-02T03:04:05Z.");
    expect(result.yaml).toContain("Exported collection");
    expect(result.counts.collections).toBeGreaterThan(0);
  });
});
