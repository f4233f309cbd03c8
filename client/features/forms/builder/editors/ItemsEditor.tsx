import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatMoney } from '../../../../../shared/forms/money';
import type { FieldOf } from '../../../../../shared/forms/schema/field';
import { type Item, MAX_ITEM_PRICE } from '../../../../../shared/forms/schema/fields-other';
import type { EditorProps } from './fieldIssues';

/** The currency's own sign ('£', '€', 'CHF'), from Intl, for the price inputs. */
export function currencySign(currency: string, locale = 'en-GB'): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/**
 * An item list's priced items and its switches. Prices are typed in the event currency with two
 * decimals and kept in minor units (integers), as the engine's totals need.
 */
export function ItemsEditor({
  field,
  onChange,
  disabled,
  issues,
  currency,
}: EditorProps<FieldOf<'itemList'>> & { currency: string }) {
  const items = field.items;
  const sign = currencySign(currency);
  const set = (index: number, patch: Partial<Item>) =>
    onChange({ items: items.map((item, i) => (i === index ? { ...item, ...patch } : item)) });
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        Items
      </Text>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          No items yet: add the first one.
        </Text>
      )}
      {items.map((item, index) => {
        const name = item.label || `item ${index + 1}`;
        return (
          <Paper key={item.itemId} withBorder p="xs" radius="sm">
            <Stack gap={6}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  label={`Item ${index + 1}`}
                  value={item.label}
                  disabled={disabled}
                  error={issues[`items.${index}.label`]}
                  onChange={(e) => set(index, { label: e.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${name}`}
                  disabled={disabled}
                  onClick={() => onChange({ items: items.filter((_, i) => i !== index) })}
                  mb={4}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              <NumberInput
                label={`Price of ${name} (${currency})`}
                description={`Shown as ${formatMoney(item.price, currency)}`}
                prefix={sign}
                min={0}
                max={MAX_ITEM_PRICE / 100}
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator=","
                allowNegative={false}
                // Uncontrolled while typing: a controlled, formatted value would rewrite '12.' under the cursor.
                defaultValue={item.price / 100}
                disabled={disabled}
                error={issues[`items.${index}.price`]}
                onChange={(next) =>
                  set(index, { price: typeof next === 'number' ? Math.round(next * 100) : 0 })
                }
              />
              <TextInput
                label={`Description of ${name}`}
                value={item.description}
                disabled={disabled}
                onChange={(e) => set(index, { description: e.currentTarget.value })}
              />
            </Stack>
          </Paper>
        );
      })}
      <Button
        variant="default"
        size="xs"
        disabled={disabled}
        onClick={() =>
          // The id stays fixed once made: answers and reports name the item by it.
          onChange({
            items: [
              ...items,
              { itemId: crypto.randomUUID(), label: `Item ${items.length + 1}`, price: 0, description: '' },
            ],
          })
        }
      >
        Add item
      </Button>
      <Switch
        label="Show prices"
        checked={field.showPrice}
        disabled={disabled}
        onChange={(e) => onChange({ showPrice: e.currentTarget.checked })}
      />
      <Switch
        label="Show subtotals"
        checked={field.showSubtotals}
        disabled={disabled}
        onChange={(e) => onChange({ showSubtotals: e.currentTarget.checked })}
      />
      <Switch
        label="Show the list's total"
        checked={field.showTotal}
        disabled={disabled}
        onChange={(e) => onChange({ showTotal: e.currentTarget.checked })}
      />
    </Stack>
  );
}
