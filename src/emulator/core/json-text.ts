// Answers assembled from JSON that is already serialized and encoded. The render cache keeps
// items as UTF-8 bytes; a list page, or a section that embeds cached site spaces, copies their
// bytes in instead of turning them back into objects, serializing and encoding them again.

/** JSON, serialized and UTF-8 encoded once, copied into answers as it is. */
export class JsonText {
  constructor(readonly bytes: Buffer) {}

  /**
   * Lets JSON.stringify serialize an answer that holds JsonText anyway (correct, but it parses
   * the bytes again): answers built from cached items go through jsonText instead.
   */
  toJSON(): unknown {
    return JSON.parse(this.bytes.toString("utf8"));
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

const omitted = (value: unknown): boolean =>
  value === undefined || typeof value === "function" || typeof value === "symbol";

/** Collects the JSON of a value as text runs and the bytes of the JsonText it holds. */
class Writer {
  readonly chunks: Buffer[] = [];
  private text = "";

  value(value: unknown): void {
    if (value instanceof JsonText) {
      this.flush();
      this.chunks.push(value.bytes);
    } else if (Array.isArray(value)) {
      this.text += "[";
      value.forEach((item, i) => {
        if (i > 0) this.text += ",";
        if (omitted(item)) this.text += "null";
        else this.value(item);
      });
      this.text += "]";
    } else if (isPlainObject(value)) {
      this.text += "{";
      let first = true;
      for (const [key, item] of Object.entries(value)) {
        if (omitted(item)) continue;
        this.text += `${first ? "" : ","}${JSON.stringify(key)}:`;
        first = false;
        this.value(item);
      }
      this.text += "}";
    } else {
      this.text += JSON.stringify(value);
    }
  }

  flush(): void {
    if (this.text !== "") this.chunks.push(Buffer.from(this.text, "utf8"));
    this.text = "";
  }
}

/**
 * JSON.stringify of `value`, UTF-8 encoded, except that JsonText anywhere in its arrays and
 * plain objects is copied in as it is. Meant for the small structures around cached items (an
 * envelope, a section's own fields): it walks them in JavaScript, where JSON.stringify would not.
 */
export function jsonText(value: unknown): JsonText {
  const writer = new Writer();
  writer.value(value);
  writer.flush();
  return new JsonText(writer.chunks.length === 1 ? writer.chunks[0]! : Buffer.concat(writer.chunks));
}
