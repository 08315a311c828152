import { InvalidArgumentError } from "commander";

export function parallelismOption(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256)
    throw new InvalidArgumentError("must be a whole number from 1 to 256");
  return n;
}
