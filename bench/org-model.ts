// The large organization of the benchmark, as a model, its configuration in YAML, and the
// fewest write calls that turn one state of it into another (computed here, independently of
// the planner).

export const SITES = 20;
export const SECTIONS = 30;
export const SPACES_PER_SECTION = 3;
export const REDIRECTS_PER_SITE = 250;
export const GROUP_SIZE = 10;
const SPACES = ["spc_guides", "spc_api_v1", "spc_api_v2"];

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

export function configYaml(shape: SiteShape[], withGroups: boolean): string {
  const lines = ["version: 1", `organization: \${DOCSYNC_ORG}`, "spaces:"];
  for (const space of SPACES) lines.push(`  ${space}: ${space}`);
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
 * The fewest writes from `from` to `to` (sections and redirects only added, order changed):
 * a new section is a POST (which also makes its first site space), a PATCH of its path and a
 * PATCH of its first site space's path; each further site space a POST and a PATCH of its path;
 * a redirect a POST; a new group a POST naming its sections; and n − LIS moves per site, new
 * sections counting as appended in order.
 */
export function minimumWrites(
  from: SiteShape[],
  to: SiteShape[],
  newGroups: boolean,
): { creates: number; moves: number } {
  let creates = newGroups ? to.length * Math.ceil(SECTIONS / GROUP_SIZE) : 0;
  let moves = 0;
  to.forEach((site, index) => {
    const live = from[index]!.sections;
    const added = site.sections.filter((n) => !live.includes(n)).length;
    creates += added * (3 + 2 * (SPACES_PER_SECTION - 1));
    creates += site.redirects.filter((n) => !from[index]!.redirects.includes(n)).length;
    let appended = live.length;
    const ranks = site.sections.map((n) => (live.includes(n) ? live.indexOf(n) : appended++));
    moves += site.sections.length - lisLength(ranks);
  });
  return { creates, moves };
}
