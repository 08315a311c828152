// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are interpolation syntax under test.
import { describe, expect, it } from "vitest";
import { parseTemplate } from "../../src/config/interpolate.ts";
import { loadConfig } from "../../src/config/load.ts";
import { load, loadErrors, writeTree, yaml } from "./helpers.ts";

const head = ["version: 1", "organization: org_1"];

describe("parseTemplate", () => {
  it("splits text and interpolations", () => {
    expect(parseTemplate("a ${X} b ${Y:-d e} ${file:p/q.txt}")).toEqual([
      { text: "a " },
      { variable: "X" },
      { text: " b " },
      { variable: "Y", fallback: "d e" },
      { text: " " },
      { file: "p/q.txt" },
    ]);
  });

  it("reads $${ as a literal ${ and leaves other dollars alone", () => {
    expect(parseTemplate("cost $5, $${HOME} and $$")).toEqual([{ text: "cost $5, ${HOME} and $$" }]);
  });

  it("keeps text around escapes, lone dollars and interpolations whole, in a long value", () => {
    const long = "x".repeat(100_000);
    expect(parseTemplate(long + "$${A}$$5 $" + long + "${B}$")).toEqual([
      { text: long + "${A}$$5 $" + long },
      { variable: "B" },
      { text: "$" },
    ]);
    expect(parseTemplate("$${X}")).toEqual([{ text: "${X}" }]);
    expect(parseTemplate("$")).toEqual([{ text: "$" }]);
  });

  it("keeps an empty default", () => {
    expect(parseTemplate("${X:-}")).toEqual([{ variable: "X", fallback: "" }]);
  });

  it("refuses malformed interpolations", () => {
    expect(parseTemplate("a ${X")).toBe('unclosed "${" at character 3; write "$${" for a literal "${"');
    expect(parseTemplate("${1X}")).toBe(
      'invalid interpolation "${1X}": expected ${NAME}, ${NAME:-default} or ${file:path}',
    );
    expect(parseTemplate("${file:}")).toBe(
      'invalid interpolation "${file:}": expected ${NAME}, ${NAME:-default} or ${file:path}',
    );
  });
});

describe("interpolation while loading", () => {
  it("replaces variables inside and around text, with defaults when unset or empty", async () => {
    const state = await load(
      {
        "a.yaml": yaml(
          "version: 1",
          "organization: ${ORG}",
          "teams:",
          "  - title: Team ${NAME}!",
          "  - title: ${UNSET:-Fallback}",
          "  - title: ${EMPTY:-Fallback for empty}",
          "  - title: x${EMPTY}y",
          "  - title: $${NOT_A_VARIABLE}",
        ),
      },
      undefined,
      { ORG: "org_env", NAME: "Acme", EMPTY: "" },
    );
    expect(state.organization).toBe("org_env");
    expect(state.teams?.map((t) => t.title)).toEqual([
      "Team Acme!",
      "Fallback",
      "Fallback for empty",
      "xy",
      "${NOT_A_VARIABLE}",
    ]);
  });

  it("takes a variable's value over its default when the variable is set", async () => {
    const state = await load(
      {
        "a.yaml": yaml(
          ...head,
          "teams:",
          "  - title: ${NAME:-Fallback}",
          "  - title: Team ${NAME:-nobody} of ${PLACE:-here}",
          "  - { title: '${NAME:-}${PLACE:-}' }",
          "samlProviders:",
          "  - { label: A, certificate: '${CERT:-none}' }",
          "policy:",
          "  maxDestroy: ${MAX:-1}",
        ),
      },
      undefined,
      { NAME: "Acme", PLACE: "Paris", CERT: "cert-from-env", MAX: "12" },
    );
    expect(state.teams?.map((t) => t.title)).toEqual(["Acme", "Team Acme of Paris", "AcmeParis"]);
    expect(state.samlProviders?.[0]?.certificate).toBe("cert-from-env");
    expect(state.sensitiveValues).toContain("cert-from-env");
    expect(state.sensitiveValues).not.toContain("none");
    expect(state.policy.maxDestroy).toBe(12);
  });

  it("re-reads a value that is exactly one interpolation as a YAML scalar, unless quoted", async () => {
    // Block style: `{ enabled: ${FLAG} }` is not valid YAML, since `{` and `}` end a plain
    // scalar inside a flow mapping.
    const files = {
      "a.yaml": yaml(
        ...head,
        "spaces: { s: '${SPACE}' }",
        "sites:",
        "  - title: Docs",
        "    adaptiveContent:",
        "      enabled: ${FLAG}",
        "    siteSpaces:",
        "      - space: s",
        "        path: x",
        "        condition: ${COND}",
        "policy:",
        "  maxDestroy: ${MAX}",
      ),
    };
    const state = await load(files, undefined, { SPACE: "123", FLAG: "true", COND: "null", MAX: "7" });
    expect(state.spaces).toEqual({ s: "123" });
    expect(state.sites?.[0]?.adaptiveContent).toEqual({ enabled: true });
    expect(state.sites?.[0]?.siteSpaces?.[0]?.condition).toBeNull();
    expect(state.policy.maxDestroy).toBe(7);
  });

  it("merges what an anchor became: a merge key copies interpolated values, numbers included", async () => {
    const state = await load(
      {
        "a.yaml": yaml(
          ...head,
          "teams:",
          "  - &writers",
          "    title: Writers",
          "    members:",
          "      - ${USER}",
          "  - <<: *writers",
          "    title: Editors",
          "policy:",
          "  <<:",
          "    maxDestroy: ${MAX}",
        ),
      },
      undefined,
      { USER: "usr_alice", MAX: "7" },
    );
    expect(state.teams?.map((team) => [team.title, team.members])).toEqual([
      ["Writers", ["usr_alice"]],
      ["Editors", ["usr_alice"]],
    ]);
    expect(state.policy.maxDestroy).toBe(7);
  });

  it("does not re-read a quoted value, so the schema sees a string", async () => {
    const message = await loadErrors(
      { "a.yaml": yaml(...head, 'policy: { maxDestroy: "${MAX}" }') },
      undefined,
      { MAX: "7" },
    );
    expect(message).toBe(
      "a.yaml:3:23: policy.maxDestroy: must be an integer (got a string)\n1 error in 1 file.",
    );
  });

  it("reads ${file:...} relative to the file's folder, trimming one trailing newline", async () => {
    const state = await load(
      {
        "conf/a.yaml": yaml(...head, "teams:", "  - title: ${file:names/team.txt}"),
        "conf/names/team.txt": "Writers\n\n",
      },
      ["conf"],
    );
    expect(state.teams?.[0]?.title).toBe("Writers\n");
  });

  it("does not interpolate keys", async () => {
    const message = await loadErrors({ "a.yaml": yaml(...head, "spaces:", "  ${NAME}: spc_1") }, undefined, {
      NAME: "hb",
    });
    expect(message).toBe(
      `a.yaml:4:3: spaces["\${NAME}"]: name "\${NAME}" must start with a letter or digit and hold only letters, digits, '.', '_' and '-'\n1 error in 1 file.`,
    );
  });

  it("reports unset variables, unreadable files and malformed interpolations at their scalars, without schema noise", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        "version: 1",
        "organization: ${DOCSYNC_ORG}",
        "teams:",
        "  - title: ${file:missing.txt}",
        "  - title: x ${Y",
        "policy:",
        "  maxDestroy: ${MAX}",
      ),
    });
    const root = message.match(/\((\/[^)]*)\/missing\.txt\)/)?.[1];
    expect(message).toBe(
      [
        "a.yaml:2:15: organization: environment variable DOCSYNC_ORG is not set (use ${DOCSYNC_ORG:-default} for a default)",
        `a.yaml:4:12: teams[0].title: cannot read file "missing.txt" (${root}/missing.txt): no such file`,
        'a.yaml:5:12: teams[1].title: unclosed "${" at character 3; write "$${" for a literal "${"',
        "a.yaml:7:15: policy.maxDestroy: environment variable MAX is not set (use ${MAX:-default} for a default)",
        "4 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("reads process.env when no env is given", async () => {
    const cwd = writeTree({ "a.yaml": yaml("version: 1", "organization: ${DOCSYNC_TEST_ORG_FROM_PROCESS}") });
    process.env.DOCSYNC_TEST_ORG_FROM_PROCESS = "org_process";
    try {
      expect((await loadConfig({ paths: ["a.yaml"], cwd })).organization).toBe("org_process");
    } finally {
      delete process.env.DOCSYNC_TEST_ORG_FROM_PROCESS;
    }
  });
});

describe("sensitive values", () => {
  it("gathers certificates, whether written, read from a file or interpolated, and nothing else", async () => {
    const state = await load(
      {
        "a.yaml": yaml(
          "version: 1",
          "organization: ${ORG}",
          "teams: [{ title: '${TEAM}' }]",
          "samlProviders:",
          "  - label: A",
          "    certificate: ${file:certs/a.pem}",
          "  - { label: B, certificate: written-inline }",
          "  - { label: C, certificate: 'PEM-${SECRET}' }",
        ),
        "certs/a.pem": "-----BEGIN-----\nAAA\n-----END-----\n",
      },
      ["a.yaml"],
      { ORG: "org_1", TEAM: "Writers", SECRET: "s3cret" },
    );
    expect(state.samlProviders?.map((p) => p.certificate)).toEqual([
      "-----BEGIN-----\nAAA\n-----END-----",
      "written-inline",
      "PEM-s3cret",
    ]);
    expect(state.sensitiveValues).toEqual([
      "-----BEGIN-----\nAAA\n-----END-----",
      "written-inline",
      "s3cret",
      "PEM-s3cret",
    ]);
  });
});
