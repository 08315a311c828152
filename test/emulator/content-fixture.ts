// A fixture with content: a space with nested pages and files, a change request, comments on
// the space and on the change request, grants, and integrations of two organizations.

import type { Fixture } from "../../src/emulator/index.ts";

export const CONTENT: Fixture = {
  users: [
    { id: "usr_ada", displayName: "Ada Admin", email: "ada@acme.example" },
    { id: "usr_eddie", displayName: "Eddie Editor", email: "eddie@acme.example" },
    { id: "usr_rita", displayName: "Rita Reader", email: "rita@acme.example" },
    { id: "usr_gus", displayName: "Gus Globex", email: "gus@globex.example" },
  ],
  organizations: [
    {
      id: "org_acme",
      title: "Acme",
      hostname: "acme",
      members: [
        { user: "usr_ada", role: "admin" },
        { user: "usr_eddie", role: "edit" },
        { user: "usr_rita", role: "read" },
      ],
      teams: [{ id: "team_writers", title: "Writers", members: ["usr_eddie"] }],
      spaces: [
        {
          id: "spc_docs",
          title: "Docs",
          pages: [
            {
              id: "page_intro",
              title: "Introduction",
              markdown:
                "Start with [setup](getting-started/setup), see ![logo](logo.png) and [old](missing) and [app](https://app.docs.example/x) and [web](https://example.com).",
              pages: [],
            },
            {
              id: "page_start",
              title: "Getting started",
              pages: [{ id: "page_setup", title: "Setup", markdown: "Install it." }],
            },
          ],
          files: [
            { id: "file_logo", name: "logo.png", contentType: "image/png", size: 1200 },
            { id: "file_spec", name: "spec.yaml", contentType: "application/yaml", size: 300 },
          ],
          permissions: { teams: [{ team: "team_writers", role: "admin" }] },
          changeRequests: [{ id: "cr_seed", subject: "Seeded", status: "open", createdBy: "usr_eddie" }],
          comments: [
            { id: "comment_seed", postedBy: "usr_eddie", markdown: "Typo here", page: "page_setup" },
            {
              id: "comment_done",
              postedBy: "usr_ada",
              markdown: "Fixed",
              resolved: true,
              replies: [{ id: "reply_seed", postedBy: "usr_eddie", markdown: "Thanks" }],
            },
            { id: "comment_cr", postedBy: "usr_ada", markdown: "On the change", changeRequest: "cr_seed" },
          ],
        },
      ],
    },
    {
      id: "org_globex",
      title: "Globex",
      hostname: "globex",
      members: [{ user: "usr_gus", role: "admin" }],
      spaces: [{ id: "spc_globex", title: "Globex" }],
    },
  ],
  integrations: [
    {
      name: "slack",
      title: "Slack",
      description: "Notifications",
      owner: "org_acme",
      categories: ["collaboration"],
      scopes: ["space:content:read"],
    },
    {
      name: "figma-embed",
      title: "Figma",
      description: "Embeds",
      owner: "org_globex",
      categories: ["content"],
      blocks: [{ id: "embed", title: "Embed", urlUnfurl: ["https://www.figma.com/file"] }],
    },
    {
      name: "secret-tool",
      title: "Secret tool",
      description: "Private",
      owner: "org_globex",
      visibility: "private",
    },
  ],
};
