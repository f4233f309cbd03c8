import { describe, expect, it } from 'vitest';
import { mapUploads, placeKey, submissionFilePath, uploadFieldAt, uploadsIn } from './submissionFiles';
import { testForm } from './testing';

const SUB = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const form = () =>
  testForm(
    [
      { id: 'plan', type: 'upload', accept: ['docs'] },
      { id: 'name', type: 'text' },
      { id: 'staff', type: 'template', fieldGroupId: 'g', isLooping: true, maxLoops: 3 },
    ],
    {},
    [
      {
        id: 'g',
        fields: [
          { id: 'badge', type: 'upload', accept: ['images'] },
          { id: 'who', type: 'text' },
        ],
      },
    ],
  );

const pdf = { name: 'plan.pdf', size: 10, type: 'application/pdf' };
const png = { name: 'face.png', size: 20, type: 'image/png' };

describe('submission file paths (spec: forms/submissions/{submissionId}/{fieldId})', () => {
  it('puts a field’s files under the submission and the field', () => {
    expect(submissionFilePath(SUB, { fieldId: 'plan' })).toBe(`forms/submissions/${SUB}/plan`);
  });

  it('nests a looped field under its template and loop', () => {
    expect(submissionFilePath(SUB, { fieldId: 'badge', templateFieldId: 'staff', loopIndex: 2 })).toBe(
      `forms/submissions/${SUB}/staff/2/badge`,
    );
    expect(placeKey({ fieldId: 'badge', templateFieldId: 'staff', loopIndex: 2 })).toEqual([
      'staff',
      2,
      'badge',
    ]);
    expect(placeKey({ fieldId: 'plan' })).toEqual(['plan']);
  });

  it('refuses parts that could leave the folder', () => {
    expect(() => submissionFilePath('..', { fieldId: 'plan' })).toThrow();
    expect(() => submissionFilePath(SUB, { fieldId: 'a/b' })).toThrow();
    expect(() => submissionFilePath(SUB, { fieldId: 'b', templateFieldId: 't', loopIndex: -1 })).toThrow();
    expect(() => submissionFilePath(SUB, { fieldId: 'b', templateFieldId: 't', loopIndex: 1.5 })).toThrow();
  });

  it('finds the upload field at a place of this form only', () => {
    const definition = form();
    expect(uploadFieldAt(definition, { fieldId: 'plan' })?.id).toBe('plan');
    expect(uploadFieldAt(definition, { fieldId: 'name' })).toBeNull();
    expect(uploadFieldAt(definition, { fieldId: 'badge' })).toBeNull();
    expect(uploadFieldAt(definition, { fieldId: 'badge', templateFieldId: 'staff', loopIndex: 0 })?.id).toBe(
      'badge',
    );
    expect(uploadFieldAt(definition, { fieldId: 'plan', templateFieldId: 'staff', loopIndex: 0 })).toBeNull();
    expect(uploadFieldAt(definition, { fieldId: 'missing' })).toBeNull();
  });

  it('walks and rewrites uploads at the top level and in loops', () => {
    const definition = form();
    const values = {
      plan: [pdf],
      name: 'Acme',
      staff: { loopCount: 2, templateValues: [{ badge: [png], who: 'Ann' }, { who: 'Bo' }] },
    };
    expect(uploadsIn(definition, values)).toEqual([
      { place: { fieldId: 'plan' }, files: [pdf] },
      { place: { fieldId: 'badge', templateFieldId: 'staff', loopIndex: 0 }, files: [png] },
    ]);
    const renamed = mapUploads(definition, values, (files, place) =>
      files.map((file) => ({ ...file, path: submissionFilePath(SUB, place) })),
    );
    expect(renamed.name).toBe('Acme');
    expect((renamed.plan as { path: string }[])[0]?.path).toBe(`forms/submissions/${SUB}/plan`);
    expect(renamed.staff).toEqual({
      loopCount: 2,
      templateValues: [
        { badge: [{ ...png, path: `forms/submissions/${SUB}/staff/0/badge` }], who: 'Ann' },
        { who: 'Bo' },
      ],
    });
  });
});
