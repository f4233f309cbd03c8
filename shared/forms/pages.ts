import type { FormDefinition } from './definition';
import type { Visibility } from './logic';

// A form split into pages by its newPage fields, and the pages a person actually walks through.

export interface FormPage {
  /** 0-based position among all the form's pages. */
  index: number;
  /** The newPage field that starts the page; null for the fields before the first page break. */
  newPageFieldId: string | null;
  /** The newPage field's label; empty for the first page (the form's title heads it). */
  title: string;
  /** The fields on the page in order, the newPage field itself left out. */
  fieldIds: string[];
}

/** Every page of the form, whatever the answers. A form without page breaks is one page. */
export function splitIntoPages(definition: FormDefinition): FormPage[] {
  const pages: FormPage[] = [];
  let current: FormPage = { index: 0, newPageFieldId: null, title: '', fieldIds: [] };
  for (const id of definition.form.fieldIds) {
    const field = definition.fields[id];
    if (!field) continue;
    if (field.type !== 'newPage') {
      current.fieldIds.push(id);
      continue;
    }
    // Fields before the first break form a page only when there are some.
    if (current.newPageFieldId !== null || current.fieldIds.length > 0) pages.push(current);
    current = { index: pages.length, newPageFieldId: id, title: field.label, fieldIds: [] };
  }
  pages.push(current);
  return pages;
}

/**
 * The pages to walk through for these answers, in order: a page is skipped when logic hides its
 * newPage field, or when nothing on it is shown.
 */
export function pagesToWalk(definition: FormDefinition, visibility: Visibility): FormPage[] {
  return splitIntoPages(definition).filter((page) => {
    if (page.newPageFieldId !== null && !visibility.fields[page.newPageFieldId]) return false;
    return page.fieldIds.some((id) => visibility.fields[id]);
  });
}

/** The page after the one at `index` (of splitIntoPages) that is walked, or null at the end. */
export function nextPage(definition: FormDefinition, visibility: Visibility, index: number): FormPage | null {
  return pagesToWalk(definition, visibility).find((page) => page.index > index) ?? null;
}

/** The walked page before the one at `index`, or null on the first. */
export function previousPage(
  definition: FormDefinition,
  visibility: Visibility,
  index: number,
): FormPage | null {
  return (
    pagesToWalk(definition, visibility)
      .filter((page) => page.index < index)
      .pop() ?? null
  );
}
