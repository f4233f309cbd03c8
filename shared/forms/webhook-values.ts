import { minorToDecimal } from './money';
import { readChoices } from './registry/choices';
import { itemLines, readQuantities } from './registry/commerce';
import {
  flatFullAddress,
  flatFullName,
  fullAddress,
  fullName,
  readAddress,
  readName,
  readRows,
  repeaterCells,
} from './registry/compound';
import { readAgreement, readFiles } from './registry/files';
import { readDate, readNumber, readText } from './registry/inputs';
import type { Field } from './schema/field';
import type { AddressValue, NameValue } from './schema/values';
import type { Payload, PayloadValue } from './webhook-body';

// A field's answer as a webhook payload value: machine-friendly, unlike the text form for people.
// Amounts are exact decimal strings ('12.50'); an unanswered field sends null.

function parts(value: AddressValue | NameValue, nestedKey: string, whole: () => string, flat: () => string) {
  if (nestedKey === 'fullAddress' || nestedKey === 'fullName') return whole();
  if (nestedKey === 'flatFullAddress' || nestedKey === 'flatFullName') return flat();
  if (!nestedKey) return { ...value };
  return Object.entries(value).find(([part]) => part === nestedKey)?.[1] ?? null;
}

/** The value sent for a field's answer; nestedKey picks an address or name part or extra. */
export function fieldPayloadValue(field: Field, raw: unknown, nestedKey: string): PayloadValue {
  switch (field.type) {
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
    case 'area': {
      const reading = readText(raw);
      return reading.status === 'value' ? reading.value : null;
    }
    case 'date': {
      const reading = readDate(raw);
      return reading.status === 'value' ? reading.value : null;
    }
    case 'number': {
      const reading = readNumber(raw);
      return reading.status === 'value' ? reading.value : null;
    }
    case 'checkbox':
    case 'dropdown': {
      const reading = readChoices(field, raw);
      if (reading.status !== 'value') return field.isMulti ? [] : null;
      // Options carry a value meant for other systems; that is what is sent, not the label.
      const values = reading.value.map((id) => field.options.find((option) => option.id === id)?.value ?? id);
      return field.isMulti ? values : (values[0] ?? null);
    }
    case 'disclaimer': {
      const reading = readAgreement(raw);
      return reading.status === 'value' ? reading.value : false;
    }
    case 'address': {
      const reading = readAddress(field, raw);
      if (reading.status !== 'value') return null;
      const value = reading.value;
      return parts(
        value,
        nestedKey,
        () => fullAddress(value),
        () => flatFullAddress(value),
      );
    }
    case 'fullName': {
      const reading = readName(field, raw);
      if (reading.status !== 'value') return null;
      const value = reading.value;
      return parts(
        value,
        nestedKey,
        () => fullName(value),
        () => flatFullName(value),
      );
    }
    case 'repeater': {
      const reading = readRows(field, raw);
      if (reading.status !== 'value') return [];
      const cells = repeaterCells(field);
      return reading.value.map((row) => {
        const entry: Payload = {};
        for (const { cell, label } of cells) entry[label] = row[cell] ?? null;
        return entry;
      });
    }
    case 'upload': {
      const reading = readFiles(raw);
      if (reading.status !== 'value') return [];
      return reading.value.map((file) => ({
        name: file.name,
        size: file.size,
        type: file.type,
        url: file.url ?? '',
      }));
    }
    case 'itemList': {
      const reading = readQuantities(field, raw);
      const lines = reading.status === 'value' ? itemLines(field, reading.value) : [];
      return lines.map((line) => ({
        itemId: line.itemId,
        label: line.label,
        quantity: line.quantity,
        price: minorToDecimal(line.price),
        subtotal: minorToDecimal(line.subtotal),
      }));
    }
    default:
      return null;
  }
}
