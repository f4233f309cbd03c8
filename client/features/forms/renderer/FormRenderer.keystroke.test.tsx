import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDefinition, parseFields, parseForm } from '../../../../shared/forms';
import { renderUi } from '../../../test/render';
import type { AnswerInputProps } from './AnswerInput';
import { FormRenderer } from './FormRenderer';

// Counts each answer input's renders: a keystroke must re-render only what reads the answer typed.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('./AnswerInput', async (original) => {
  const real = await original<typeof import('./AnswerInput')>();
  return {
    AnswerInput: (props: AnswerInputProps) => {
      renders.set(props.field.id, (renders.get(props.field.id) ?? 0) + 1);
      return real.AnswerInput(props);
    },
  };
});

/** 'Company type' is read by a rule (it shows 'VAT number'); 'Notes' is read by nothing. */
function definition() {
  const form = parseForm({
    id: 'form-keys',
    title: 'Stand details',
    fieldIds: ['company-type', 'vat', 'notes', 'page-2', 'contact'],
    logicMap: {
      'company-type': {
        rules: [{ sourceId: 'company-type', sourceType: 'text', sourceValue: 'Ltd' }],
        thenFieldId: 'vat',
      },
    },
  });
  const fields = parseFields([
    { id: 'company-type', type: 'text', label: 'Company type' },
    { id: 'vat', type: 'text', label: 'VAT number' },
    { id: 'notes', type: 'area', label: 'Notes' },
    { id: 'page-2', type: 'newPage', label: 'Contact' },
    { id: 'contact', type: 'tel', label: 'Contact phone' },
  ]);
  return makeDefinition(form, fields, []);
}

describe('FormRenderer keystrokes', () => {
  beforeEach(() => renders.clear());

  it('re-renders only the field typed in when nothing reads its answer', async () => {
    const onAnswersChange = vi.fn();
    renderUi(<FormRenderer definition={definition()} onAnswersChange={onAnswersChange} />);
    const before = new Map(renders);
    await userEvent.type(screen.getByLabelText('Notes'), 'Corner stand');
    expect(screen.getByLabelText('Notes')).toHaveValue('Corner stand');
    // The text box keeps what is typed; the other fields are not rendered again at all.
    expect(renders.get('company-type')).toBe(before.get('company-type'));
    expect(renders.get('notes')).toBe(before.get('notes'));
    expect(onAnswersChange).toHaveBeenLastCalledWith({ notes: 'Corner stand' });
    expect(onAnswersChange).toHaveBeenCalledTimes('Corner stand'.length);
  });

  it('still shows and hides fields live from a typed answer a rule reads', async () => {
    renderUi(<FormRenderer definition={definition()} />);
    expect(screen.queryByLabelText('VAT number')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Company type'), 'Ltd');
    expect(screen.getByLabelText('VAT number')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Company type'), '.');
    expect(screen.queryByLabelText('VAT number')).not.toBeInTheDocument();
  });

  it('keeps typed answers across pages, starts from a draft and submits what was typed', async () => {
    const onSubmit = vi.fn();
    renderUi(
      <FormRenderer
        definition={definition()}
        initialAnswers={{ notes: 'From the draft' }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByLabelText('Notes')).toHaveValue('From the draft');
    await userEvent.type(screen.getByLabelText('Company type'), 'Ltd');
    await userEvent.type(screen.getByLabelText('VAT number'), 'GB123');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(screen.getByLabelText('Contact phone'), '0207 946 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('VAT number')).toHaveValue('GB123');
    expect(screen.getByLabelText('Notes')).toHaveValue('From the draft');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Contact phone')).toHaveValue('0207 946 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({
      'company-type': 'Ltd',
      vat: 'GB123',
      notes: 'From the draft',
      contact: '0207 946 0000',
    });
  });
});
