// Shell completion scripts, made from the program itself, so that they always offer the
// commands and options docsync has: `eval "$(docsync completion bash)"`, and likewise for zsh
// and fish.

import type { Command, Option } from "commander";
import { FORMATS } from "../render/format.ts";

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

interface OptionInfo {
  short?: string;
  long?: string;
  description: string;
  /** What its value is: a file, one of some words, anything; undefined for a flag. */
  value?: "file" | readonly string[] | "any";
}

interface CommandInfo {
  name: string;
  description: string;
  /** Whether its arguments are files (a saved plan). */
  fileArguments: boolean;
  /** The words its argument may be (`completion`'s shells), when they are fixed. */
  argumentWords?: readonly string[];
  options: OptionInfo[];
}

const FILE_OPTIONS = new Set(["--config", "--out", "--output", "--fixture"]);

/** Whether the option's own parser takes `value`: each command's `--format` takes formats of its own. */
function takes(option: Option, value: string): boolean {
  try {
    option.parseArg?.(value, undefined);
    return true;
  } catch {
    return false;
  }
}

function optionInfo(option: Option): OptionInfo {
  const info: OptionInfo = { description: option.description };
  if (option.short) info.short = option.short;
  if (option.long) info.long = option.long;
  if (option.required || option.optional) {
    if (option.long && FILE_OPTIONS.has(option.long)) info.value = "file";
    else if (option.argChoices) info.value = option.argChoices;
    else if (option.long === "--format") info.value = FORMATS.filter((format) => takes(option, format));
    else info.value = "any";
  }
  return info;
}

export function describeProgram(program: Command): CommandInfo[] {
  return program.commands.map((command) => {
    const info: CommandInfo = {
      name: command.name(),
      description: command.description(),
      fileArguments: command.registeredArguments.some((argument) => argument.name().endsWith("file")),
      options: [...command.options.map(optionInfo), { long: "--help", description: "show help" }],
    };
    const words = command.registeredArguments.find((argument) => argument.argChoices)?.argChoices;
    if (words) info.argumentWords = words;
    return info;
  });
}

/** Single-quoted for a POSIX shell or fish. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const flags = (option: OptionInfo) => [option.short, option.long].filter((flag) => flag !== undefined);

/** What bash offers for an option's value. */
function bashValueReply(value: OptionInfo["value"]): string {
  if (value === "file") return 'COMPREPLY=($(compgen -f -- "$cur"))';
  if (value === "any" || value === undefined) return "COMPREPLY=()";
  return `COMPREPLY=($(compgen -W ${quoted(value.join(" "))} -- "$cur"))`;
}

/** One command's case: the values of its own options after them, else its options and arguments. */
function bashCommandCase(command: CommandInfo): string {
  const valueCases = command.options
    .filter((option) => option.value !== undefined)
    .map((option) => `        ${flags(option).join("|")}) ${bashValueReply(option.value)}; return ;;`);
  const words = command.options.flatMap(flags).join(" ");
  return [
    `    ${command.name})`,
    ...(valueCases.length > 0 ? ['      case "$prev" in', ...valueCases, "      esac"] : []),
    `      opts=${quoted(words)}; files=${command.fileArguments ? 1 : 0}; words=${quoted((command.argumentWords ?? []).join(" "))} ;;`,
  ].join("\n");
}

function bash(commands: CommandInfo[]): string {
  return `# docsync completion for bash. Load it with: eval "$(docsync completion bash)"
_docsync() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" opts="" files=0 words=""
  if [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=($(compgen -W ${quoted([...commands.map((command) => command.name), "--help", "--version", "--no-color"].join(" "))} -- "$cur"))
    return
  fi
  case "\${COMP_WORDS[1]}" in
${commands.map(bashCommandCase).join("\n")}
  esac
  if [[ "$cur" != -* && -n "$words" ]]; then
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
  elif [[ "$cur" == -* || $files -eq 0 ]]; then
    COMPREPLY=($(compgen -W "$opts --no-color" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _docsync docsync
`;
}

/** Text inside `[…]` of a zsh _arguments spec. */
const zshText = (text: string) => text.replace(/[[\]:\\']/g, " ");

function zsh(commands: CommandInfo[]): string {
  const commandList = commands.map(
    (command) => `    ${quoted(`${command.name}:${zshText(command.description)}`)}`,
  );
  const cases = commands.map((command) => {
    const specs = command.options.flatMap((option) => {
      const action =
        option.value === undefined
          ? ""
          : option.value === "file"
            ? ":file:_files"
            : option.value === "any"
              ? ":value: "
              : `:value:(${option.value.join(" ")})`;
      return flags(option).map((flag) => quoted(`${flag}[${zshText(option.description)}]${action}`));
    });
    if (command.fileArguments) specs.push(quoted("*:file:_files"));
    if (command.argumentWords) specs.push(quoted(`1:value:(${command.argumentWords.join(" ")})`));
    return `    ${command.name}) _arguments ${specs.join(" ")} ;;`;
  });
  return `#compdef docsync
# docsync completion for zsh. Load it with: eval "$(docsync completion zsh)"
_docsync() {
  local -a commands
  commands=(
${commandList.join("\n")}
  )
  if (( CURRENT == 2 )); then
    _describe command commands
    return
  fi
  case $words[2] in
${cases.join("\n")}
  esac
}
compdef _docsync docsync
`;
}

function fish(commands: CommandInfo[]): string {
  const lines = [
    "# docsync completion for fish. Load it with: docsync completion fish | source",
    "complete -c docsync -f",
    ...commands.map(
      (command) =>
        `complete -c docsync -n __fish_use_subcommand -a ${command.name} -d ${quoted(command.description)}`,
    ),
  ];
  for (const command of commands) {
    const when = `-n ${quoted(`__fish_seen_subcommand_from ${command.name}`)}`;
    if (command.fileArguments) lines.push(`complete -c docsync ${when} -F`);
    if (command.argumentWords)
      lines.push(`complete -c docsync ${when} -a ${quoted(command.argumentWords.join(" "))}`);
    for (const option of command.options) {
      const parts = ["complete -c docsync", when];
      if (option.short) parts.push(`-s ${option.short.slice(1)}`);
      if (option.long) parts.push(`-l ${option.long.slice(2)}`);
      if (option.value === "file") parts.push("-r -F");
      else if (Array.isArray(option.value)) parts.push(`-x -a ${quoted(option.value.join(" "))}`);
      else if (option.value === "any") parts.push("-x");
      parts.push(`-d ${quoted(option.description)}`);
      lines.push(parts.join(" "));
    }
  }
  return `${lines.join("\n")}\n`;
}

export function completionScript(shell: Shell, program: Command): string {
  const commands = describeProgram(program);
  return shell === "bash" ? bash(commands) : shell === "zsh" ? zsh(commands) : fish(commands);
}
