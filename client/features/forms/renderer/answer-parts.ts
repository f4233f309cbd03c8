import type { Field, FieldOf } from '../../../../shared/forms';

// The small pieces every answer input shares: reading a raw answer loosely for display, and props.

export const asText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export interface Common {
  label: string;
  description: string | undefined;
  withAsterisk: boolean;
  error: string | undefined;
}

export interface PartProps<T extends Field['type']> {
  field: FieldOf<T>;
  value: unknown;
  onChange: (value: unknown) => void;
  common: Common;
}
