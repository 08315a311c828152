// A fixture that seeds what organization, access and space settings as code manage: settings of
// the organization, members with roles (a guest too), teams, nested collections, spaces in
// collections with grants to users and teams, OpenAPI specs and translation settings. A second
// organization gives its admin two organizations to list.

import { writeFile } from "node:fs/promises";
import { join } from "node:path";

export const SETTINGS_FIXTURE = `
users:
  - { id: usr_ops, displayName: Ops Bot, email: ops@initech.example, token: emu_ops_token_0001 }
  - { id: usr_pam, displayName: Pam Writer, email: pam@initech.example }
  - { id: usr_tom, displayName: Tom Reader, email: tom@initech.example }
  - { id: usr_gil, displayName: Gil Guest, email: gil@partner.example }
organizations:
  - id: org_initech
    title: Initech
    hostname: initech
    emailDomains: [initech.example]
    defaultRole: read
    sso: true
    ai: true
    inviteLinks: false
    members:
      - { user: usr_ops, role: admin }
      - { user: usr_pam, role: edit }
      - { user: usr_tom, role: read }
      - { user: usr_gil, role: null }
    teams:
      - { id: team_docs, title: Docs, members: [usr_pam, usr_tom] }
      - { id: team_support, title: Support, members: [usr_gil] }
    collections:
      - { id: col_product, title: Product, description: Product docs, defaultLevel: read }
      - { id: col_api, title: API, parent: col_product, defaultLevel: comment }
    spaces:
      - id: spc_guide
        title: Guide
        emoji: "📗"
        parent: col_product
        visibility: in-collection
        defaultLevel: read
        editMode: locked
        permissions:
          users: [{ user: usr_pam, role: admin }, { user: usr_tom, role: comment }]
          teams: [{ team: team_support, role: read }, { team: team_docs, role: edit }]
      - { id: spc_tutorial, title: Tutorial, parent: col_product }
      - { id: spc_ref, title: Reference, parent: col_api }
      - { id: spc_notes, title: Notes }
    openApiSpecs:
      - { slug: petstore, url: "https://initech.example/petstore.yaml" }
      - { slug: billing, text: "openapi: 3.1.0" }
    translations:
      - { id: trs_fr, title: French }
      - { title: German }
  - id: org_other
    title: Other Inc
    members:
      - { user: usr_ops, role: admin }
`;

export async function writeSettingsFixture(dir: string): Promise<string> {
  const file = join(dir, "settings.yaml");
  await writeFile(file, SETTINGS_FIXTURE);
  return file;
}
