import type { RequestFormat } from './schema/webhook';

// The three body formats a webhook can send its payload in.

export type PayloadValue =
  | string
  | number
  | boolean
  | null
  | PayloadValue[]
  | { [key: string]: PayloadValue };
export type Payload = Record<string, PayloadValue>;

const scalarText = (value: PayloadValue): string =>
  value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** application/x-www-form-urlencoded: lists and objects are sent as JSON text. */
export function formEncode(payload: Payload): string {
  return Object.entries(payload)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(scalarText(value))}`)
    .join('&');
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Payload keys are chosen by organisers; an XML element name allows fewer characters. */
export function xmlName(key: string): string {
  const name = key.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(name) && !/^xml/i.test(name) ? name : `_${name}`;
}

function xmlElement(key: string, value: PayloadValue): string {
  const name = xmlName(key);
  if (value === null) return `<${name}/>`;
  if (Array.isArray(value))
    return `<${name}>${value.map((item) => xmlElement('item', item)).join('')}</${name}>`;
  if (typeof value === 'object') {
    const children = Object.entries(value).map(([childKey, child]) => xmlElement(childKey, child));
    return `<${name}>${children.join('')}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** A <payload> document: one element per key, lists as <item> elements. */
export function xmlEncode(payload: Payload): string {
  const elements = Object.entries(payload).map(([key, value]) => xmlElement(key, value));
  return `<?xml version="1.0" encoding="UTF-8"?><payload>${elements.join('')}</payload>`;
}

export function encodePayload(payload: Payload, format: RequestFormat): string {
  if (format === 'XML') return xmlEncode(payload);
  if (format === 'FORM') return formEncode(payload);
  return JSON.stringify(payload);
}
