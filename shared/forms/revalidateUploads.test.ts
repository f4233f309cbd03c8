import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeDefinition, parseFields, parseForm } from '.';
import { allFixtures } from './fixtures';
import type { UploadedFile } from './schema/values';
import { mapUploads } from './submissionFiles';
import { revalidateUploads, validateSubmission } from './validate';

// A save checks the answers, then the server puts its own record of each file in the upload
// answers and checks again. Checking only the upload answers the second time is sound only if it
// gives exactly what the whole check gives for the changed answers.

/** What the server's record may say differently: the stored size, name (so type) and type. */
const storedFile = fc.record({
  size: fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 200 * 1024 * 1024 })),
  name: fc.constantFrom('plan.pdf', 'photo.jpg', 'notes.txt', 'model.exe', 'sheet.xlsx', 'no-extension'),
  type: fc.constantFrom('application/pdf', 'image/jpeg', 'text/plain', 'application/octet-stream'),
});

describe('revalidateUploads', () => {
  it.each(
    allFixtures.map((fixture) => [fixture.name, fixture] as const),
  )('%s: the same values and problems as checking the whole submission again', (_name, fixture) => {
    const { definition } = fixture;
    fc.assert(
      fc.property(fc.boolean(), fc.array(storedFile, { minLength: 1, maxLength: 8 }), (isDraft, stored) => {
        const options = { isDraft, context: { client: fixture.client } };
        const first = validateSubmission(definition, fixture.submission.values, options);
        let next = 0;
        const changed = mapUploads(definition, first.values, (files: UploadedFile[]) =>
          files.map((file) => ({ ...file, ...stored[next++ % stored.length] })),
        );
        const again = revalidateUploads(definition, first, changed, options);
        const whole = validateSubmission(definition, changed, options);
        expect(again.values).toEqual(whole.values);
        expect(again.problems).toEqual(whole.problems);
        expect(again.isValid).toBe(whole.isValid);
      }),
      { numRuns: 40 },
    );
  });

  it('checks the whole submission again when a rule reads an upload answer', () => {
    const form = parseForm({
      id: 'form-upload-rule',
      title: 'Plans',
      fieldIds: ['plan', 'why'],
      logicMap: {
        plan: { rules: [{ sourceId: 'plan', sourceType: 'text', sourceValue: '' }], thenFieldId: 'why' },
      },
    });
    const definition = makeDefinition(
      form,
      parseFields([
        { id: 'plan', type: 'upload', label: 'Stand plan' },
        { id: 'why', type: 'text', label: 'Why no plan?', isRequired: true },
      ]),
      [],
    );
    const first = validateSubmission(definition, {});
    const file = { id: 'f1', name: 'plan.pdf', size: 10, type: 'application/pdf', path: 'p', url: '/u' };
    const changed = { ...first.values, plan: [file] };
    expect(revalidateUploads(definition, first, changed)).toEqual(validateSubmission(definition, changed));
  });
});
