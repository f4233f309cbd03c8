import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Field, fieldSchema } from '../../../../shared/forms/schema/field';
import type { LogicMap } from '../../../../shared/forms/schema/logic';
import { renderUi } from '../../../test/render';
import { LogicEditor } from './LogicEditor';
import { draftProblems, newRule } from './logicRules';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const standType = fieldSchema.parse({
  id: id(1),
  type: 'dropdown',
  label: 'Stand type',
  options: [{ id: 'shell', value: 'shell', label: 'Shell scheme' }],
});
const sockets = fieldSchema.parse({ id: id(2), type: 'number', label: 'Power sockets' });
const fields: Field[] = [standType, sockets];
const none = { fields: [], fieldGroups: [] };

function Harness({ owner, initial }: { owner: Field; initial: LogicMap }) {
  const [logicMap, setLogicMap] = useState(initial);
  return (
    <LogicEditor
      owner={owner}
      logicMap={logicMap}
      scope={{ fields, groupFieldsOf: () => [] }}
      problems={draftProblems(fields, logicMap, none, 'form')}
      readOnly={false}
      onChange={setLogicMap}
    />
  );
}

describe('LogicEditor', () => {
  it('adds logic on the field with a first rule reading it, says what it does, and removes it', async () => {
    renderUi(<Harness owner={standType} initial={{}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add logic' }));
    expect(screen.getByRole('status', { name: 'What this logic does' })).toHaveTextContent(
      "When 'Stand type' is empty, nothing changes yet: choose a field to show.",
    );
    expect(screen.getByRole('combobox', { name: 'Rule 1: field' })).toHaveValue('Stand type');
    await userEvent.click(screen.getByRole('button', { name: 'Remove logic' }));
    expect(screen.getByRole('button', { name: 'Add logic' })).toBeInTheDocument();
  });

  it("shows the engine's refusal of a circle", async () => {
    const circle: LogicMap = {
      [standType.id]: {
        operator: 'ANY',
        rules: [newRule(standType)],
        thenFieldId: sockets.id,
        elseFieldId: '',
      },
      [sockets.id]: {
        operator: 'ANY',
        rules: [newRule(sockets)],
        thenFieldId: standType.id,
        elseFieldId: '',
      },
    };
    renderUi(<Harness owner={sockets} initial={circle} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /The logic goes round in a circle: whether "(Power sockets|Stand type)" is shown depends on/,
    );
    expect(screen.getByRole('status', { name: 'What this logic does' })).toHaveTextContent(
      "Show 'Stand type' when 'Power sockets' is empty.",
    );
  });
});
