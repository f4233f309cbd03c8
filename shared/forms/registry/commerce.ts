import { formatMoney } from '../money';
import type { FieldOf } from '../schema/field';
import type { ItemQuantity } from '../schema/values';
import { itemListValueSchema } from '../schema/values';
import { readNumber } from './inputs';
import type { FieldTypeEntry, Reading, TextContext } from './types';
import { defineFieldType, EMPTY, invalid, isBlank, isRecord, present } from './types';

// Item lists (quantities of priced items) and the grand total that sums them.

/** Keeps every total a safe integer: 100,000 of the dearest item still adds up exactly. */
export const MAX_ITEM_QUANTITY = 100_000;

type ItemList = FieldOf<'itemList'>;

export interface ItemLine {
  itemId: string;
  label: string;
  quantity: number;
  /** Minor units each. */
  price: number;
  /** price x quantity, minor units. */
  subtotal: number;
}

/**
 * Reads ordered quantities, keeping the price saved with each line (the price when it was
 * ordered) or, failing that, the list's price. Quantities of 0 are not orders and are left out;
 * an item listed twice is one line with the quantities added.
 */
export function readQuantities(field: ItemList, raw: unknown): Reading<ItemQuantity[]> {
  if (isBlank(raw)) return EMPTY;
  if (!Array.isArray(raw)) return invalid('Enter how many of each item you want');
  const byItem = new Map<string, ItemQuantity>();
  for (const entry of raw) {
    if (!isRecord(entry) || typeof entry.itemId !== 'string') {
      return invalid('Enter how many of each item you want');
    }
    const quantity = readNumber(entry.quantity);
    if (quantity.status === 'invalid') return invalid(wholeNumberMessage(field, entry.itemId));
    const count = quantity.status === 'value' ? quantity.value : 0;
    const item = field.items.find((candidate) => candidate.itemId === entry.itemId);
    const known = byItem.get(entry.itemId);
    const saved = entry.price;
    const price =
      typeof saved === 'number' && Number.isSafeInteger(saved) && saved >= 0 ? saved : (item?.price ?? 0);
    byItem.set(entry.itemId, { itemId: entry.itemId, price, quantity: (known?.quantity ?? 0) + count });
  }
  const ordered = [...byItem.values()].filter((line) => line.quantity !== 0);
  return ordered.length === 0 ? EMPTY : present(ordered);
}

function itemLabel(field: ItemList, itemId: string): string {
  return field.items.find((item) => item.itemId === itemId)?.label || itemId;
}

function wholeNumberMessage(field: ItemList, itemId: string): string {
  return `Enter a whole number of 0 or more for "${itemLabel(field, itemId)}"`;
}

function checkQuantities(field: ItemList, lines: ItemQuantity[]): string[] {
  const problems: string[] = [];
  for (const line of lines) {
    if (!field.items.some((item) => item.itemId === line.itemId)) {
      problems.push(`"${line.itemId}" is not on this list`);
    } else if (!Number.isInteger(line.quantity) || line.quantity < 0) {
      problems.push(wholeNumberMessage(field, line.itemId));
    } else if (line.quantity > MAX_ITEM_QUANTITY) {
      problems.push(
        `Enter a number no greater than ${MAX_ITEM_QUANTITY} for "${itemLabel(field, line.itemId)}"`,
      );
    }
  }
  return problems;
}

/** What is stored: each line at the list's own price now, whatever price the browser sent. */
export function withCurrentPrices(field: ItemList, quantities: ItemQuantity[]): ItemQuantity[] {
  return quantities.map((line) => ({
    ...line,
    price: field.items.find((item) => item.itemId === line.itemId)?.price ?? line.price,
  }));
}

/** The answer with one item's quantity set, at the list's price; the way a form screen edits an order. */
export function setItemQuantity(
  field: ItemList,
  current: unknown,
  itemId: string,
  quantity: number,
): ItemQuantity[] {
  const reading = readQuantities(field, current);
  const lines = reading.status === 'value' ? reading.value.filter((line) => line.itemId !== itemId) : [];
  const price = field.items.find((item) => item.itemId === itemId)?.price ?? 0;
  if (quantity > 0) lines.push({ itemId, price, quantity });
  return withCurrentPrices(field, lines);
}

/** The order's lines in the list's own item order, with subtotals; items not on the list are left out. */
export function itemLines(field: ItemList, quantities: readonly ItemQuantity[]): ItemLine[] {
  return field.items.flatMap((item) => {
    const ordered = quantities.find((line) => line.itemId === item.itemId);
    if (!ordered || ordered.quantity <= 0) return [];
    const { quantity, price } = ordered;
    return [{ itemId: item.itemId, label: item.label, quantity, price, subtotal: price * quantity }];
  });
}

/** One line per item ordered ('2 x Chair at £12.50 = £25.00'), then the total when the list shows one. */
export function itemListText(field: ItemList, quantities: ItemQuantity[], context: TextContext): string {
  const money = (amount: number) => formatMoney(amount, context.currency, context.locale);
  const lines = itemLines(field, quantities);
  const text = lines.map(
    (line) => `${line.quantity} x ${line.label} at ${money(line.price)} = ${money(line.subtotal)}`,
  );
  if (field.showTotal && lines.length > 0) {
    text.push(`Total: ${money(lines.reduce((sum, line) => sum + line.subtotal, 0))}`);
  }
  return text.join('\n');
}

export const commerceTypes: FieldTypeEntry[] = [
  defineFieldType<'itemList', ItemQuantity[]>({
    type: 'itemList',
    displayName: 'Item List',
    holdsValue: true,
    valueSchema: itemListValueSchema,
    emptyValue: [],
    requiredMessage: 'Order at least one item',
    read: readQuantities,
    check: checkQuantities,
    store: withCurrentPrices,
    toText: itemListText,
  }),
  defineFieldType<'grandTotal', never>({
    type: 'grandTotal',
    displayName: 'Grand Total',
    // Computed from the item lists whenever it is needed, so nothing is stored.
    holdsValue: false,
    valueSchema: null,
    emptyValue: null,
    requiredMessage: '',
    read: () => EMPTY,
    check: () => [],
    toText: () => '',
  }),
];
