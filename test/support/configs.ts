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
