import { describe, expect, it } from 'vitest';
import { type FieldRecord, readField } from './present';

const row = (
  settings: Record<string, unknown>,
  updatedAt = new Date('2027-05-01T09:00:00Z'),
): FieldRecord => ({
  eventId: crypto.randomUUID(),
  id: 'field-fascia',
  formId: crypto.randomUUID(),
  groupId: null,
  position: 0,
  type: 'text',
  embedsGroupId: null,
  settings,
  createdAt: new Date('2027-04-01T09:00:00Z'),
  createdBy: 'system',
  updatedAt,
  updatedBy: 'system',
});

describe('reading stored fields', () => {
  it('reads the same stored field once, and a changed one anew', () => {
    const bad: string[] = [];
    const first = readField(row({ label: 'Fascia name' }), (message) => bad.push(message));
    expect(first).toMatchObject({ id: 'field-fascia', type: 'text', label: 'Fascia name' });
    expect(readField(row({ label: 'Fascia name' }), (message) => bad.push(message))).toBe(first);
    // Shared by every reader, so it cannot be changed by one of them.
    expect(Object.isFrozen(first)).toBe(true);
    const renamed = readField(row({ label: 'Fascia text' }), (message) => bad.push(message));
    expect(renamed).toMatchObject({ label: 'Fascia text' });
    const saved = readField(row({ label: 'Fascia name' }, new Date('2027-05-02T09:00:00Z')), () => {});
    expect(saved).not.toBe(first);
    expect(saved?.updatedAt).toBe('2027-05-02T09:00:00.000Z');
    expect(bad).toEqual([]);
  });

  it('leaves out a field its schema refuses, every time it is read', () => {
    const bad: string[] = [];
    expect(readField(row({ label: 42 }), (message) => bad.push(message))).toBeNull();
    expect(readField(row({ label: 42 }), (message) => bad.push(message))).toBeNull();
    expect(bad).toHaveLength(2);
  });
});
