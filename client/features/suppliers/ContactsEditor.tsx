import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ContactInput } from '../../../shared/suppliers/schema';

export type ContactRow = Required<ContactInput>;
export const EMPTY_CONTACT: ContactRow = { firstName: '', surname: '', phone: '', email: '', jobTitle: '' };

const FIELDS: { key: keyof ContactRow; label: string; type?: string }[] = [
  { key: 'firstName', label: 'First name' },
  { key: 'surname', label: 'Surname' },
  { key: 'jobTitle', label: 'Job title' },
  { key: 'phone', label: 'Phone', type: 'tel' },
  { key: 'email', label: 'Email', type: 'email' },
];

/** The supplier's contacts: one fieldset per contact, added and removed by buttons (keyboard reachable). */
export function ContactsEditor({
  contacts,
  onChange,
  errors,
}: {
  contacts: ContactRow[];
  onChange: (contacts: ContactRow[]) => void;
  /** Field messages keyed like `contacts.0.email`. */
  errors: Record<string, string>;
}) {
  const update = (index: number, key: keyof ContactRow, value: string) =>
    onChange(contacts.map((contact, i) => (i === index ? { ...contact, [key]: value } : contact)));
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        Contacts
      </Text>
      {contacts.length === 0 && (
        <Text size="sm" c="dimmed">
          No contacts yet.
        </Text>
      )}
      {contacts.map((contact, index) => (
        // Rows have no id of their own; the index is their identity while the form is open.
        // biome-ignore lint/suspicious/noArrayIndexKey: contacts are edited in place by position
        <Fieldset key={index} legend={`Contact ${index + 1}`} variant="filled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {FIELDS.map((field) => (
              <TextInput
                key={field.key}
                label={field.label}
                type={field.type}
                value={contact[field.key]}
                error={errors[`contacts.${index}.${field.key}`]}
                onChange={(e) => update(index, field.key, e.currentTarget.value)}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={`Remove contact ${index + 1}`}
              onClick={() => onChange(contacts.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </Group>
        </Fieldset>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...contacts, { ...EMPTY_CONTACT }])}
        >
          Add contact
        </Button>
      </Group>
    </Stack>
  );
}
