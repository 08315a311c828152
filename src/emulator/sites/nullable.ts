// The API's three-way update of an optional field: absent keeps it, null removes it, a value
// sets it.

export function applyOptional<T extends object, K extends keyof T>(
  record: T,
  key: K,
  value: T[K] | null | undefined,
): void {
  if (value === null) delete record[key];
  else if (value !== undefined) record[key] = value;
}
