// The columns the forms and field-group lists sort by, apart from the Zod contracts in ./api.ts:
// the lists' screens read them before their first render, and importing them from ./api.ts
// brought all of Zod and the forms schemas into those screens (issue 13, decision 0053).
export const FORM_SORTS = ['title', 'fieldsCount', 'isPublished', 'isPublic', 'updatedAt'] as const;
export const FIELD_GROUP_SORTS = ['title', 'fieldsCount', 'isPublished', 'updatedAt'] as const;
