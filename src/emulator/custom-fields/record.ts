// A custom field as the emulator keeps it, and the types of field there are.

export const CUSTOM_FIELD_TYPES = ["text", "number", "boolean", "date", "select", "multi-select"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export interface CustomFieldRecord {
  id: string;
  organizationId: string;
  name: string;
  type: CustomFieldType;
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
  createdAt: Date;
  updatedAt: Date;
}
