import type { FieldType } from '../schema/field';
import type { FieldTypeEntry } from './types';
import { defineFieldType, EMPTY } from './types';

// Layout items show something to the person filling in the form but never hold an answer.

const LAYOUT_TYPES = {
  customText: 'Custom Text',
  section: 'Section',
  newPage: 'New Page',
  divider: 'Divider',
  callout: 'Callout',
  image: 'Image',
  youTube: 'YouTube',
  vimeo: 'Vimeo',
} as const satisfies Partial<Record<FieldType, string>>;

type LayoutType = keyof typeof LAYOUT_TYPES;

function layoutType<T extends LayoutType>(type: T): FieldTypeEntry {
  return defineFieldType<T, never>({
    type,
    displayName: LAYOUT_TYPES[type],
    holdsValue: false,
    valueSchema: null,
    emptyValue: null,
    requiredMessage: '',
    read: () => EMPTY,
    check: () => [],
    toText: () => '',
  });
}

export const layoutTypes: FieldTypeEntry[] = [
  layoutType('customText'),
  layoutType('section'),
  layoutType('newPage'),
  layoutType('divider'),
  layoutType('callout'),
  layoutType('image'),
  layoutType('youTube'),
  layoutType('vimeo'),
];
