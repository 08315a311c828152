// A fixture where one admin belongs to two organizations, for transfers between them.

import type { Fixture } from "../../src/emulator/index.ts";

export const TWO_ORGS: Fixture = {
  users: [
    { id: "usr_ada", displayName: "Ada Admin", email: "ada@acme.example", token: "token-of-ada" },
    { id: "usr_otto", displayName: "Otto Other", email: "otto@other.example", token: "token-of-otto" },
  ],
  organizations: [
    {
      id: "org_one",
      title: "One",
      members: [
        { user: "usr_ada", role: "admin" },
        { user: "usr_otto", role: "read" },
      ],
      collections: [
        { id: "col_top", title: "Top" },
        { id: "col_inner", title: "Inner", parent: "col_top" },
      ],
      spaces: [
        { id: "spc_a", title: "A", visibility: "in-collection", parent: "col_inner" },
        { id: "spc_b", title: "B", parent: "col_top" },
        { id: "spc_root", title: "Root" },
      ],
    },
    {
      id: "org_two",
      title: "Two",
      members: [
        { user: "usr_ada", role: "admin" },
        { user: "usr_otto", role: "admin" },
      ],
      spaces: [{ id: "spc_two", title: "Two's space" }],
    },
  ],
};
