// One flow mapping or sequence written on one line, in the plain subset of YAML
// (yaml-plain-reader.ts).

import {
  AMPERSAND,
  type Anchors,
  COLON,
  charSet,
  DASH,
  DOUBLE,
  FLOW_END,
  has,
  INDICATOR,
  keyEnd,
  keyOf,
  type ListItems,
  MAX_DEPTH,
  NOT_IN_FLOW_PLAIN,
  nameEnd,
  outside,
  plainValue,
  quoted,
  SINGLE,
  SPACE,
  STAR,
  wordAfterDash,
} from "./yaml-plain-lexis.ts";
import type { KeyTrail } from "./yaml-plain-repeats.ts";

/** Reads one flow mapping or sequence written on one line, nested ones with it. */
export class FlowReader {
  constructor(
    private readonly text: string,
    public at: number,
    /** Where the line ends. */
    private readonly end: number,
    private readonly anchors: Anchors,
    private readonly lists: ListItems,
    private readonly trail: KeyTrail,
  ) {}

  node(depth: number): unknown {
    if (depth > MAX_DEPTH) outside();
    const isMapping = this.text.charCodeAt(this.at) === 0x7b;
    const close = isMapping ? 0x7d : 0x5d;
    const mapping: Record<string, unknown> = isMapping ? {} : EMPTY;
    const mark = this.lists.mark;
    const keys = this.trail.mark;
    const { path } = this.trail;
    this.at = this.skipSpaces(this.at + 1);
    for (;;) {
      // Empty, or closed after a comma: js-yaml reads `[1, ]` as `[1]`.
      if (this.text.charCodeAt(this.at) === close) break;
      if (isMapping) {
        const colon = keyEnd(this.text, this.at, this.end);
        if (colon === -1) outside();
        const key = keyOf(this.text, this.at, colon);
        this.trail.key(key, this.at, keys, !Object.hasOwn(mapping, key));
        this.at = this.skipSpaces(colon + 1);
        path.push(key);
        mapping[key] = this.value(depth);
      } else {
        path.push(this.lists.mark - mark);
        this.lists.push(this.value(depth));
      }
      path.pop();
      this.at = this.skipSpaces(this.at);
      const next = this.text.charCodeAt(this.at);
      if (next === close) break;
      if (next !== 0x2c) outside();
      this.at = this.skipSpaces(this.at + 1);
    }
    this.at++;
    this.trail.close(keys);
    return isMapping ? mapping : this.lists.take(mark);
  }

  private skipSpaces(at: number): number {
    let to = at;
    while (this.text.charCodeAt(to) === SPACE) to++;
    return to;
  }

  private value(depth: number): unknown {
    const { text, at } = this;
    const first = text.charCodeAt(at);
    if (first === AMPERSAND) return this.anchored(depth);
    if (first === STAR) {
      this.at = nameEnd(text, at, this.end, true);
      return this.anchors.value(text.slice(at + 1, this.at));
    }
    if (first === 0x7b || first === 0x5b) return this.node(depth + 1);
    if (first === DOUBLE || first === SINGLE) {
      const [value, after] = quoted(text, at, this.end);
      this.at = after;
      return value;
    }
    if (has(INDICATOR, first) && !(first === DASH && wordAfterDash(text.charCodeAt(at + 1)))) outside();
    let stop = at;
    for (; stop < this.end; stop++) {
      const code = text.charCodeAt(stop);
      if (!has(NOT_IN_FLOW_PLAIN, code)) continue;
      const next = text.charCodeAt(stop + 1);
      if (code !== COLON || stop + 1 === this.end || has(FLOW_END, next)) break;
    }
    this.at = stop;
    while (text.charCodeAt(stop - 1) === SPACE) stop--;
    if (stop <= at) outside();
    return plainValue(text.slice(at, stop));
  }

  /** `&name value`: the value, defined as the anchor's once read whole. A value follows on the line. */
  private anchored(depth: number): unknown {
    const { text } = this;
    const end = nameEnd(text, this.at, this.end, true);
    const name = text.slice(this.at + 1, end);
    this.at = this.skipSpaces(end);
    if (this.at === end || this.at >= this.end || has(PROPERTY_OR_END, text.charCodeAt(this.at))) outside();
    const value = this.value(depth);
    this.anchors.define(name, value);
    return value;
  }
}

/** What may not follow an anchor in a flow collection: another anchor, an alias, or the entry's end. */
const PROPERTY_OR_END = charSet("&*,]}");

/** What a flow list is read with in place of a mapping: never written to. */
const EMPTY: Record<string, unknown> = Object.freeze({});
