import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReaderSection } from '../../../shared/content/api';
import { renderUi } from '../../test/render';
import { SectionView } from './SectionView';

describe('SectionView', () => {
  it('draws a table section from its own chunk, header row first, under the section heading', async () => {
    const section = {
      id: '00000000-0000-4000-8000-000000000001',
      heading: 'Opening hours',
      type: 'table',
      data: {
        isFixedWidth: true,
        isFirstRowHeader: true,
        columnCount: 2,
        rows: [{ cells: ['Day', 'Hours'] }, { cells: ['Monday', '09:00'] }],
      },
    } as ReaderSection;
    renderUi(<SectionView section={section} />);
    const region = screen.getByRole('region', { name: 'Opening hours' });
    const table = await within(region).findByRole('table', { name: 'Opening hours' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Hours']);
    expect(within(table).getByRole('cell', { name: '09:00' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the table' })).not.toBeInTheDocument();
  });
});
