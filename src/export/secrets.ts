// Secrets kept out of an exported configuration, which is meant to be committed. A value of a
// field the kind calls sensitive (a SAML certificate), a PEM block, and the secret-looking parts
// of URLs (a query parameter named like a secret, `?token=…`; the password of user-info; the
// path segment after `/token/`; a path segment or query value that looks random, see
// secret-shapes.ts) are written as `${VARIABLE}` interpolations instead, and the variables listed
// for the user to set to the live values. Names come from the item and the part, so one export
// always gives the same names, and two parts never share one. A part that could be a secret or
// not (a long hex string) is written as it is, and named, masked, in a warning.

import type { AnyKind } from "../kinds/types.ts";
import { namedLikeSecret, wordsOf } from "../secrets/names.ts";
import { masked, type PartInText, secretPartsIn } from "./url-secrets.ts";

/** A value written as an interpolation: literal text, and variables between it. */
export class Interpolation {
  constructor(readonly parts: readonly (string | { variable: string })[]) {}

  /** Whether the value is one variable and nothing else. */
  get whole(): boolean {
    return this.parts.length === 1 && typeof this.parts[0] !== "string";
  }

  /** As written, but for the `$${` escapes of the literal text. */
  toString(): string {
    return this.parts.map((part) => (typeof part === "string" ? part : `\${${part.variable}}`)).join("");
  }
}

export interface SecretVariable {
  name: string;
  /** What its value is, for people. */
  holds: string;
}

/** The exported item whose configuration is looked at. */
export interface SecretHolder {
  kind: AnyKind;
  /** Its natural key, which names its variables. */
  key: string;
  /** Its address, which says where the variable's value belongs. */
  address: string;
}

const PEM = /-----BEGIN [^-\r\n]+-----[\s\S]*?-----END [^-\r\n]+-----/;
/** Words of an item's key that go into a variable's name. */
const KEY_WORDS_MAX = 6;

export class SecretsKeptOut {
  readonly variables: SecretVariable[] = [];
  /** The live values written as variables: the export's warnings never show one. */
  readonly values: string[] = [];
  /** The parts that could be secrets, written as they are: one warning each, the part masked. */
  readonly warnings: string[] = [];
  private readonly taken = new Set<string>();
  /** Configurations already looked at: an item's holds its children's, looked at first. */
  private readonly seen = new WeakSet<object>();

  /** Writes the secret parts of an exported item's configuration as interpolations. */
  keepOut(config: Record<string, unknown>, given: SecretHolder): void {
    // A key may hold a secret too (a title with a URL in it): never in a name or a description.
    const holder = { ...given, key: masked(given.key, ""), address: masked(given.address, "…") };
    const sensitive = holder.kind.config.sensitive ?? [];
    for (const [field, value] of Object.entries(config)) {
      if (sensitive.includes(field) && typeof value === "string" && value !== "") {
        const name = this.name(holder, [field], { secretByField: true });
        config[field] = this.variable(name, value, `the ${field} of ${holder.address}`);
      } else {
        config[field] = this.visit(value, holder, field);
      }
    }
    this.seen.add(config);
  }

  /** The value with its secrets written as variables; a list or mapping is copied only when one
   * changes, since live values are shared with the other passes of the export. */
  private visit(value: unknown, holder: SecretHolder, field: string): unknown {
    if (typeof value === "string") return this.inText(value, holder, field);
    if (typeof value !== "object" || value === null || value instanceof Interpolation) return value;
    if (this.seen.has(value)) return value;
    if (Array.isArray(value)) {
      const items = value.map((item) => this.visit(item, holder, field));
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    const entries = Object.entries(value).map(([key, item]) => [
      key,
      this.visit(item, holder, `${field}.${key}`),
    ]);
    const changed = entries.some(([key, item]) => item !== (value as Record<string, unknown>)[key as string]);
    return changed ? Object.fromEntries(entries) : value;
  }

  private inText(text: string, holder: SecretHolder, field: string): string | Interpolation {
    if (PEM.test(text)) {
      const name = this.name(holder, [field], { secretByField: false });
      return this.variable(name, text, `the certificate or key in ${field} of ${holder.address}`);
    }
    const found = secretPartsIn(text);
    for (const part of found) if (part.unsure) this.warnUnsure(part, holder, field);
    const parts = found.filter((part) => !part.unsure);
    if (parts.length === 0) return text;
    const pieces: (string | { variable: string })[] = [];
    let from = 0;
    for (const part of parts) {
      if (part.at > from) pieces.push(text.slice(from, part.at));
      const value = text.slice(part.at, part.at + part.length);
      const name = this.name(holder, [part.name], { secretByField: false });
      this.record(name, value, `${part.holds} in ${field} of ${holder.address}`);
      pieces.push({ variable: name });
      from = part.at + part.length;
    }
    if (from < text.length) pieces.push(text.slice(from));
    return new Interpolation(pieces);
  }

  private warnUnsure(part: PartInText, holder: SecretHolder, field: string): void {
    const { url } = part;
    const start = part.at - url.at;
    const shown = `${url.text.slice(0, start)}…${url.text.slice(start + part.length)}`;
    this.warnings.push(
      `${field} of ${holder.address}: ${part.holds} of ${shown} (shown as …) may be a secret or not; ` +
        "it is written as it is: if it is a secret, write an interpolated variable in its place and set it",
    );
  }

  private variable(name: string, value: string, holds: string): Interpolation {
    this.record(name, value, holds);
    return new Interpolation([{ variable: name }]);
  }

  private record(name: string, value: string, holds: string): void {
    this.variables.push({ name, holds });
    this.values.push(value);
  }

  /**
   * `OPENAPI_PAYMENTS_API_TOKEN`: the first word of the kind, the words of the item's key and
   * those of the part. A name the configuration would not take for a secret's (which only a field
   * the kind calls sensitive may have) ends in `_SECRET`; a name taken already, in `_2`, `_3`, ….
   */
  private name(holder: SecretHolder, part: string[], { secretByField }: { secretByField: boolean }): string {
    const kindWord = holder.kind.kind.split(/\s+/)[0] ?? "";
    const keyWords = wordsOf(plainLetters(holder.key)).slice(0, KEY_WORDS_MAX);
    const words = [kindWord, ...keyWords, ...part.flatMap((text) => wordsOf(plainLetters(text)))];
    let base = words
      .join("_")
      .replace(/[^A-Za-z0-9_]/g, "")
      .toUpperCase();
    if (!secretByField && !namedLikeSecret(base)) base = `${base}_SECRET`;
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}_${n}`;
    this.taken.add(name);
    return name;
  }

  /** Lines for the file's header: the variables to set, or none. */
  headerLines(): string[] {
    if (this.variables.length === 0) return [];
    return [
      "Secrets are kept out of this file. Set these environment variables to their live values",
      "before docsync reads it:",
      ...this.variables.map((variable) => `  ${variable.name}: ${variable.holds}`),
    ];
  }
}

/** Letters without their accents: `Équipe` → `Equipe`. */
function plainLetters(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}
