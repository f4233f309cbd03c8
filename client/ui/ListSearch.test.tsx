import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render';
import { ListSearch } from './ListSearch';

describe('ListSearch', () => {
  it('searches after a pause in typing, not on every key', async () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    renderUi(<ListSearch value="" onSearch={onSearch} />);
    const input = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(input, { target: { value: 'a' } });
    fireEvent.change(input, { target: { value: 'ad' } });
    fireEvent.change(input, { target: { value: 'ada' } });
    expect(onSearch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('ada');
  });

  it('searches at once on Enter and clears with the clear button', async () => {
    const onSearch = vi.fn();
    const { user } = renderUi(<ListSearch value="" onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'lovelace{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('lovelace');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });
});
