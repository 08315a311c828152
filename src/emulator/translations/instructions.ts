// A translation's instructions: a document of the published form, `{object: "document", data:
// {schemaVersion?}, nodes: [blocks]}` (the form of page content), not a mapping of free keys.
// The emulator checks the envelope and keeps the blocks as sent.

import { badRequest } from "../core/http-error.ts";
import { type BodyShape, checkNested } from "../core/validate.ts";

/** What a sync shows when no instructions were given. */
export const EMPTY_DOCUMENT = { object: "document", data: {}, nodes: [] } as const;

const documentShape: BodyShape = {
  object: { type: "enum", values: ["document"], required: true },
  data: { type: "object", required: true },
  nodes: { type: "any", required: true },
};

/** 400 naming the field when `value` is not a document. */
export function checkInstructions(field: string, value: unknown): void {
  const document = checkNested(field, value, documentShape, { alwaysStrict: true });
  checkNested(
    `${field}.data`,
    document.data,
    { schemaVersion: { type: "number", integer: true } },
    {
      alwaysStrict: true,
    },
  );
  const nodes = document.nodes;
  if (!Array.isArray(nodes)) throw badRequest(`${field}.nodes: must be an array of blocks`);
  nodes.forEach((node, i) => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) {
      throw badRequest(`${field}.nodes[${i}]: must be a block (an object)`);
    }
  });
}
