// Colour for people at a terminal; none when NO_COLOR is set or the output is not a terminal.
// FORCE_COLOR turns it on anywhere (CI logs that show colour), or off with 0 or false;
// --no-color (handled by the program) turns it off whatever the environment says.

export interface Style {
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  cyan(text: string): string;
  magenta(text: string): string;
  bold(text: string): string;
  dim(text: string): string;
}

const code = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

const COLOR: Style = {
  green: code(32, 39),
  yellow: code(33, 39),
  red: code(31, 39),
  cyan: code(36, 39),
  magenta: code(35, 39),
  bold: code(1, 22),
  dim: code(2, 22),
};

const plain = (text: string) => text;
const PLAIN: Style = {
  green: plain,
  yellow: plain,
  red: plain,
  cyan: plain,
  magenta: plain,
  bold: plain,
  dim: plain,
};

export function styleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Style {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force === "0" || force === "false" ? PLAIN : COLOR;
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  return stream.isTTY && !noColor && env.TERM !== "dumb" ? COLOR : PLAIN;
}

export const plainStyle = PLAIN;
