// A command line people can paste into a POSIX shell: words quoted only when they need it.

export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export const shellWords = (words: readonly string[]): string => words.map(shellWord).join(" ");
