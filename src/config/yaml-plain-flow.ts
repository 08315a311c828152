// One flow mapping or sequence written on one line, in the plain subset of YAML
// (yaml-plain-reader.ts).

import {
  COLON,
  DASH,
  DOUBLE,
  FLOW_END,
  has,
  INDICATOR,
  keyEnd,
  keyOf,
  MAX_DEPTH,
  NOT_IN_FLOW_PLAIN,
  outside,
  plainValue,
  quoted,
  SINGLE,
  SPACE,
  wordAfterDash,
} from "./yaml-plain-lexis.ts";

/** Reads one flow mapping or sequence written on one line, nested ones with it. */
export class FlowReader {
  constructor(
    private readonly text: string,
    public at: number,
    /** Where the line ends. */
    private readonly end: number,
  ) {}

  node(depth: number): unknown {
    if (depth > MAX_DEPTH) outside();
    const isMapping = this.text.charCodeAt(this.at) === 0x7b;
    const close = isMapping ? 0x7d : 0x5d;
    const mapping: Record<string, unknown> = {};
    const list: unknown[] = [];
    this.at = this.skipSpaces(this.at + 1);
    for (let first = true; ; first = false) {
      if (first && this.text.charCodeAt(this.at) === close) break;
      if (isMapping) {
        const colon = keyEnd(this.text, this.at, this.end);
        if (colon === -1) outside();
        const key = keyOf(this.text, this.at, colon);
        if (Object.hasOwn(mapping, key)) outside();
        this.at = this.skipSpaces(colon + 1);
        mapping[key] = this.value(depth);
      } else {
        list.push(this.value(depth));
      }
      this.at = this.skipSpaces(this.at);
      const next = this.text.charCodeAt(this.at);
      if (next === close) break;
      if (next !== 0x2c) outside();
      this.at = this.skipSpaces(this.at + 1);
    }
    this.at++;
    return isMapping ? mapping : list;
  }

  private skipSpaces(at: number): number {
    let to = at;
    while (this.text.charCodeAt(to) === SPACE) to++;
    return to;
  }

  private value(depth: number): unknown {
    const { text, at } = this;
    const first = text.charCodeAt(at);
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
}
