import { describe, expect, it } from 'vitest';
import type { FieldInput } from '../schema/field';
import type { UploadAccept } from '../schema/fields-answer';
import { testField } from '../testing';
import { fieldTypeOf } from '.';
import { acceptAttribute, maxFileSizeMB } from './files';
import { defaultTextContext } from './types';

function check(input: FieldInput, raw: unknown, isDraft = false) {
  const field = testField(input);
  return fieldTypeOf(field).validate(field, raw, { isDraft });
}

function upload(settings: { accept?: UploadAccept[] }) {
  const field = testField({ id: 'u', type: 'upload', ...settings });
  if (field.type !== 'upload') throw new Error('expected an upload field');
  return field;
}

const pdf = (size = 1_000_000, name = 'plan.pdf') => ({ name, size, type: 'application/pdf' });

describe('upload', () => {
  it('allows one file unless isMulti', () => {
    expect(check({ id: 'u', type: 'upload' }, [pdf(), pdf()]).messages).toEqual(['Upload only one file']);
    expect(check({ id: 'u', type: 'upload', isMulti: true }, [pdf(), pdf()]).messages).toEqual([]);
  });

  it('accepts the kinds of file its groups name', () => {
    const images: FieldInput = { id: 'u', type: 'upload', accept: ['images'], isMulti: true };
    const files = ['logo.JPG', 'logo.jpeg', 'logo.png', 'logo.svg', 'logo.webp'].map((name) => ({
      name,
      size: 10,
    }));
    expect(check(images, files).messages).toEqual([]);
    expect(check(images, [pdf()]).messages).toEqual([
      '"plan.pdf" is not an accepted file type. Upload an image (JPEG, PNG, SVG or WebP)',
    ]);
    const docs: FieldInput = { id: 'u', type: 'upload', accept: ['docs'], isMulti: true };
    const documents = ['a.pdf', 'a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.ppt', 'a.pptx', 'a.txt'];
    expect(
      check(
        docs,
        documents.map((name) => ({ name, size: 10 })),
      ).messages,
    ).toEqual([]);
    expect(
      check({ id: 'u', type: 'upload', accept: ['videos'] }, [{ name: 'tour.mp4', size: 10 }]).messages,
    ).toEqual([]);
    expect(
      check({ id: 'u', type: 'upload', accept: ['videos'] }, [{ name: 'tour.mov', size: 10 }]).messages,
    ).toHaveLength(1);
    expect(check({ id: 'u', type: 'upload' }, [{ name: 'setup.exe', size: 10 }]).messages).toHaveLength(1);
  });

  it('limits a file to 50 MB unless the field sets its own limit', () => {
    expect(maxFileSizeMB(upload({}))).toBe(50);
    expect(check({ id: 'u', type: 'upload' }, [pdf(50_000_000)]).messages).toEqual([]);
    expect(check({ id: 'u', type: 'upload' }, [pdf(50_000_001)]).messages).toEqual([
      '"plan.pdf" is larger than the 50 MB limit',
    ]);
    const limited: FieldInput = { id: 'u', type: 'upload', hasMaxFileSize: true, maxFileSizeMB: 5 };
    expect(check(limited, [pdf(6_000_000)]).messages).toEqual(['"plan.pdf" is larger than the 5 MB limit']);
    // A size left behind after the organiser switched the limit off does not apply.
    expect(check({ ...limited, hasMaxFileSize: false }, [pdf(6_000_000)]).messages).toEqual([]);
  });

  it('requires a file when required, and refuses what is not a file', () => {
    expect(check({ id: 'u', type: 'upload', isRequired: true }, []).messages).toEqual(['Upload a file']);
    expect(check({ id: 'u', type: 'upload' }, [{ size: 3 }]).messages).toEqual([
      'This upload could not be read. Upload the file again',
    ]);
  });

  it('shows files as their names', () => {
    const field = testField({ id: 'u', type: 'upload', isMulti: true });
    expect(fieldTypeOf(field).toText(field, [pdf(), pdf(5, 'render.png')], defaultTextContext)).toBe(
      'plan.pdf, render.png',
    );
  });

  it('gives the browser an accept list', () => {
    expect(acceptAttribute(upload({ accept: ['videos'] }))).toBe('.mp4,video/mp4');
  });
});

describe('disclaimer', () => {
  it('must be accepted, except in a draft', () => {
    expect(check({ id: 'd', type: 'disclaimer' }, undefined).messages).toEqual([
      'You must accept this to continue',
    ]);
    expect(check({ id: 'd', type: 'disclaimer' }, false).messages).toEqual([
      'You must accept this to continue',
    ]);
    expect(check({ id: 'd', type: 'disclaimer' }, false, true).messages).toEqual([]);
    expect(check({ id: 'd', type: 'disclaimer' }, true).messages).toEqual([]);
    expect(check({ id: 'd', type: 'disclaimer', isRequired: false }, false).messages).toEqual([]);
  });

  it('reads only a tick', () => {
    expect(check({ id: 'd', type: 'disclaimer' }, 'sure').messages).toEqual([
      'Tick the box to accept, or leave it empty',
    ]);
  });

  it('shows Yes or No', () => {
    const field = testField({ id: 'd', type: 'disclaimer' });
    expect(fieldTypeOf(field).toText(field, true, defaultTextContext)).toBe('Yes');
    expect(fieldTypeOf(field).toText(field, false, defaultTextContext)).toBe('No');
  });
});
