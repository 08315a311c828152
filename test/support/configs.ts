// Configurations that several tests share.

/** One site, "Docs", with `count` sections, each publishing the guides space. */
export function sectionsConfig(count: number): string {
  const sections = Array.from(
    { length: count },
    (_, i) => `      - { path: s${i}, title: Section ${i}, siteSpaces: [{ space: guides, path: g${i} }] }`,
  );
  return `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides }
sites:
  - title: Docs
    sections:
${sections.join("\n")}
`;
}

/** A section of a generated configuration: the spaces are names under `spaces:`. */
export interface GeneratedSection {
  path: string;
  title: string;
  spaces: string[];
  group?: string;
}

/** Sections in an order that keeps the sections of each group together, as a site lists them. */
export function groupTogether<S extends { group?: string }>(sections: readonly S[]): S[] {
  const order: (string | undefined)[] = [];
  for (const section of sections) if (!order.includes(section.group)) order.push(section.group);
  return order.flatMap((group) => sections.filter((section) => section.group === group));
}

/**
 * The items of a site's `sections:` (indented for a site in `sites:`), each group written where its
 * first section is, each site space at path `p-<space>`.
 */
export function sectionsYaml(sections: readonly GeneratedSection[]): string[] {
  const lines: string[] = [];
  let open: string | undefined;
  for (const section of sections) {
    let indent = "      ";
    if (section.group !== undefined) {
      if (section.group !== open) lines.push(`      - group: ${section.group}`, "        sections:");
      indent = "          ";
    }
    open = section.group;
    lines.push(
      `${indent}- path: ${section.path}`,
      `${indent}  title: ${section.title}`,
      `${indent}  siteSpaces:`,
    );
    for (const space of section.spaces) lines.push(`${indent}    - { space: ${space}, path: p-${space} }`);
  }
  return lines;
}

/** A site's `redirects:`, each to the section at index `to` of `sections`. */
export function redirectsYaml(
  redirects: readonly { source: string; to: number }[],
  sections: readonly GeneratedSection[],
): string[] {
  if (redirects.length === 0) return ["    redirects: []"];
  return [
    "    redirects:",
    ...redirects.map(
      (redirect) => `      - { source: ${redirect.source}, to: { section: ${sections[redirect.to]!.path} } }`,
    ),
  ];
}
