// The secrets of a site (a share link's token, the key that signs visitors' tokens): random, so
// that no run of the emulator can guess another's, unlike its ids.

import { randomBytes } from "node:crypto";

export const newSecret = (): string => randomBytes(24).toString("base64url");
