// The value a space may hold for a custom field, by the field's type. null always clears.

import { badRequest } from "../core/http-error.ts";
import type { CustomFieldRecord } from "./record.ts";

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

export function checkValue(field: CustomFieldRecord, value: unknown, path: string): void {
  if (value === null) return;
  const options = field.options ?? [];
  switch (field.type) {
    case "text":
      if (typeof value !== "string") throw badRequest(`${path}: must be a string for a text field`);
      return;
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) {
        throw badRequest(`${path}: must be a number for a number field`);
      }
      return;
    case "boolean":
      if (typeof value !== "boolean") throw badRequest(`${path}: must be true or false for a boolean field`);
      return;
    case "date":
      if (typeof value !== "string" || !DATE.test(value) || Number.isNaN(Date.parse(value))) {
        throw badRequest(`${path}: must be a date (YYYY-MM-DD) or an ISO 8601 date-time for a date field`);
      }
      return;
    case "select":
      if (typeof value !== "string" || !options.includes(value)) {
        throw badRequest(`${path}: must be one of ${options.join(", ")}`);
      }
      return;
    case "multi-select": {
      if (!Array.isArray(value))
        throw badRequest(`${path}: must be an array of options for a multi-select field`);
      value.forEach((item, i) => {
        if (typeof item !== "string" || !options.includes(item)) {
          throw badRequest(`${path}[${i}]: must be one of ${options.join(", ")}`);
        }
        if (value.indexOf(item) !== i) throw badRequest(`${path}[${i}]: "${item}" is listed twice`);
      });
      return;
    }
  }
}

/** A stored value with the options that no longer exist taken out; undefined when none remain. */
export function withoutStaleOptions(field: CustomFieldRecord, value: unknown): unknown {
  const options = field.options ?? [];
  if (field.type === "select") return options.includes(value as string) ? value : undefined;
  if (field.type === "multi-select") return (value as string[]).filter((item) => options.includes(item));
  return value;
}
