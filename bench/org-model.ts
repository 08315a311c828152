// The large organization of the benchmark, as a model, its configuration in YAML, and the
// fewest write calls that turn one state of it into another (computed here, independently of
// the planner).

export const SITES = 20;
export const SECTIONS = 30;
export const SPACES_PER_SECTION = 3;
export const REDIRECTS_PER_SITE = 250;
export const GROUP_SIZE = 10;
/** Sites without sections, their spaces at the root: made with one call that names them. */
export const FLAT_SITES = 2;
const SPACES = ["spc_guides", "spc_api_v1", "spc_api_v2"];
/** Spaces whose settings and grants the configuration manages: all of them. */
export const SPACE_SETTINGS = SPACES.length;
/** Items per call of the service's bulk redirect operation (service facts), not the planner's constant. */
const BULK_ITEMS_MAX = 500;

export interface SiteShape {
  /** Section numbers in navigation order. */
  sections: number[];
  /** Redirect numbers; redirect n points to section n mod SECTIONS/2, which every shape has. */
  redirects: number[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
export const sectionPath = (n: number) => `s${pad(n)}`;

/** A deterministic shuffle (a linear congruential generator), so runs compare. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const result = [...items];
  let state = seed;
  for (let i = result.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

export function fullShape(): SiteShape[] {
  return Array.from({ length: SITES }, () => ({
    sections: Array.from({ length: SECTIONS }, (_, n) => n),
    redirects: Array.from({ length: REDIRECTS_PER_SITE }, (_, n) => n),
  }));
}

/** Half of it: half the sections of each site, in a shuffled order, and half the redirects. */
export function halfShape(): SiteShape[] {
  return fullShape().map((site, index) => ({
    sections: shuffled(site.sections.slice(0, SECTIONS / 2), index + 1),
    redirects: site.redirects.slice(0, REDIRECTS_PER_SITE / 2),
  }));
}

/** Sections are grouped by their number, GROUP_SIZE to a group, as long as the order allows it. */
const groupOf = (n: number) => `Group ${Math.floor(n / GROUP_SIZE) + 1}`;

/** The organization's own part: the same in every state, so it adds reads to a plan, not writes. */
export const ORGANIZATION = {
  collections: 10,
  teams: 5,
  customFields: 3,
  openApiSpecs: 3,
  translations: 2,
};

/**
 * Settings, collections (every other one nested in the one before), teams, members' roles,
 * custom fields, OpenAPI specs, translations, and each space's settings and grants.
 */
function organizationYaml(): string[] {
  const lines = ["organizationSettings:", "  title: Acme Inc", "  ai: true", "collections:"];
  for (let n = 0; n < ORGANIZATION.collections; n++) {
    lines.push(`  - title: Collection ${pad(n)}`);
    if (n % 2 === 1) lines.push(`    parent: Collection ${pad(n - 1)}`);
  }
  lines.push("teams:");
  for (let n = 0; n < ORGANIZATION.teams; n++) lines.push(`  - title: Team ${pad(n)}`);
  lines.push(
    "members:",
    "  - { user: usr_eddie, role: edit }",
    "  - { user: rita@acme.example, role: read }",
  );
  lines.push("customFields:");
  for (let n = 0; n < ORGANIZATION.customFields; n++) lines.push(`  - { name: field${n}, type: text }`);
  lines.push("openApiSpecs:");
  for (let n = 0; n < ORGANIZATION.openApiSpecs; n++)
    lines.push(`  - { slug: api-${n}, source: "https://api.acme.example/${n}.yaml" }`);
  lines.push("translations:");
  for (let n = 0; n < ORGANIZATION.translations; n++) lines.push(`  - title: Translation ${n}`);
  return lines;
}

export function configYaml(shape: SiteShape[], withGroups: boolean, flatSites = 0): string {
  const lines = ["version: 1", `organization: \${DOCSYNC_ORG}`, ...organizationYaml(), "spaces:"];
  SPACES.forEach((space, k) => {
    lines.push(
      `  ${space}:`,
      `    id: ${space}`,
      "    editMode: live",
      `    collection: Collection ${pad(k)}`,
      `    customFields: { field0: owner ${k} }`,
      "    permissions:",
      "      - { user: usr_ada, role: admin }",
      `      - { team: Team ${pad(k)}, role: edit }`,
    );
  });
  lines.push("sites:");
  shape.forEach((site, index) => {
    lines.push(`  - title: Site ${pad(index)}`, "    sections:");
    let open: string | undefined;
    for (const n of site.sections) {
      const group = withGroups ? groupOf(n) : undefined;
      let indent = "      ";
      if (group) {
        if (group !== open) lines.push(`      - group: ${group}`, "        sections:");
        indent = "          ";
      }
      open = group;
      lines.push(
        `${indent}- path: ${sectionPath(n)}`,
        `${indent}  title: Section ${pad(n)}`,
        `${indent}  siteSpaces:`,
      );
      SPACES.forEach((space, k) => {
        lines.push(`${indent}    - { space: ${space}, path: v${k + 1} }`);
      });
    }
    lines.push("    redirects:");
    for (const n of site.redirects)
      lines.push(
        `      - { source: /old/${pad(n, 3)}, to: { section: ${sectionPath(n % (SECTIONS / 2))} } }`,
      );
  });
  for (let index = 0; index < flatSites; index++) {
    lines.push(`  - title: Flat ${pad(index)}`, "    siteSpaces:");
    SPACES.forEach((space, k) => {
      lines.push(`      - { space: ${space}, path: v${k + 1} }`);
    });
  }
  return `${lines.join("\n")}\n`;
}

function lisLength(values: readonly number[]): number {
  const tails: number[] = [];
  for (const value of values) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tails[middle]! < value) low = middle + 1;
      else high = middle;
    }
    tails[low] = value;
  }
  return tails.length;
}

/**
 * The fewest moves of one site's sections from the order `live` to `desired` (new sections
 * appended in order): n − LIS one by one, or, where the sections of a group stand together, the
 * moves of the top-level entries (a group moving as one) and then inside each group, when that
 * is fewer and, made in turn, reaches the order.
 */
function sectionMoves(live: number[], desired: number[], groupOf?: (n: number) => string): number {
  let appended = live.length;
  const rank = new Map(desired.map((n) => [n, live.includes(n) ? live.indexOf(n) : appended++]));
  const oneByOne = desired.length - lisLength(desired.map((n) => rank.get(n)!));
  if (!groupOf) return oneByOne;
  const entries: number[][] = [];
  for (const n of desired) {
    const last = entries[entries.length - 1];
    if (last && groupOf(last[0]!) === groupOf(n)) last.push(n);
    else entries.push([n]);
  }
  const entryRanks = entries.map((members) => Math.min(...members.map((n) => rank.get(n)!)));
  const keptEntries = stableIndexes(entryRanks);
  let moves = entries.length - keptEntries.size;
  // Simulate: moved entries go after the entry before them (the first before the first kept one).
  let order = [...desired].sort((a, b) => rank.get(a)! - rank.get(b)!);
  const place = (moving: number[], anchor: number, after: boolean) => {
    order = order.filter((n) => !moving.includes(n));
    order.splice(order.indexOf(anchor) + (after ? 1 : 0), 0, ...moving);
  };
  const firstKept = entries[[...keptEntries][0]!]![0]!;
  entries.forEach((members, k) => {
    const inOrder = order.filter((n) => members.includes(n));
    if (!keptEntries.has(k)) {
      if (k === 0) place(inOrder, firstKept, false);
      else place(inOrder, entries[k - 1]![entries[k - 1]!.length - 1]!, true);
    }
    const kept = stableIndexes(members.map((n) => rank.get(n)!));
    members.forEach((n, j) => {
      if (kept.has(j)) return;
      moves++;
      if (j === 0) place([n], members[[...kept][0]!]!, false);
      else place([n], members[j - 1]!, true);
    });
  });
  const reached = order.every((n, i) => n === desired[i]);
  return reached && moves < oneByOne ? moves : oneByOne;
}

/** Indexes of one longest strictly increasing run of `values`. */
function stableIndexes(values: readonly number[]): Set<number> {
  const best: number[] = values.map(() => 1);
  const previous: number[] = values.map(() => -1);
  for (let i = 0; i < values.length; i++)
    for (let j = 0; j < i; j++)
      if (values[j]! < values[i]! && best[j]! + 1 > best[i]!) {
        best[i] = best[j]! + 1;
        previous[i] = j;
      }
  let at = best.indexOf(Math.max(...best));
  const kept = new Set<number>();
  for (; at !== -1; at = previous[at]!) kept.add(at);
  return kept;
}

/**
 * The fewest writes from `from` to `to` (sections and redirects only added, order changed):
 * a new section is a POST (which also makes its first site space), a PATCH of its path and a
 * PATCH of its first site space's path; each further site space a POST and a PATCH of its path;
 * the new redirects of a site one call of the bulk operation per 500; a new group a POST naming its sections; the moves of `sectionMoves`; and a
 * new flat site a POST naming its spaces and a PATCH of each site space's path.
 */
export function minimumWrites(
  from: SiteShape[],
  to: SiteShape[],
  newGroups: boolean,
  newFlatSites = 0,
): { creates: number; moves: number } {
  let creates = newGroups ? to.length * Math.ceil(SECTIONS / GROUP_SIZE) : 0;
  creates += newFlatSites * (1 + SPACES_PER_SECTION);
  let moves = 0;
  to.forEach((site, index) => {
    const live = from[index]!.sections;
    const added = site.sections.filter((n) => !live.includes(n)).length;
    creates += added * (3 + 2 * (SPACES_PER_SECTION - 1));
    const redirects = site.redirects.filter((n) => !from[index]!.redirects.includes(n)).length;
    creates += Math.ceil(redirects / BULK_ITEMS_MAX);
    moves += sectionMoves(live, site.sections, newGroups ? groupOf : undefined);
  });
  return { creates, moves };
}
