import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MySession, MyTimeTable } from '../../../shared/timetable/api';
import { EVENT_ID } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}`;
const id = (n: number) => `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`;
const session = (
  n: number,
  title: string,
  location: string,
  startsAt: string,
  endsAt: string,
): MySession => ({
  id: id(n),
  title,
  description: '',
  startsAt,
  endsAt,
  location,
  track: null,
  link: null,
});
const timeTable: MyTimeTable = {
  timeZone: 'Europe/London',
  isPublished: true,
  tracks: [],
  sessions: [
    session(1, 'Marquee build', 'Lower meadow', '2027-05-09T22:00', '2027-05-10T06:00'),
    session(2, 'Deliveries', 'Gate 2', '2027-05-09T20:00', '2027-05-09T21:00'),
  ],
};

describe('the time table grid', () => {
  it('switches from the agenda to a grid of locations and hours, kept in the address', async () => {
    const { user, router } = renderApp('/time-table', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-time-table`]: { body: timeTable },
      [`GET ${base}/time-table/feed`]: { body: { active: false, createdAt: null } },
    });
    expect(
      await screen.findByRole('article', { name: 'Marquee build' }, { timeout: 20000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Grid' }));
    expect(router.state.location.search).toContain('view=grid');
    const grid = await screen.findByRole('region', { name: /9 May 2027: sessions by location and time$/ });
    expect(grid).toHaveAttribute('tabindex', '0');
    expect(within(grid).getByText('Gate 2')).toBeInTheDocument();
    expect(within(grid).getByText('Lower meadow')).toBeInTheDocument();
    expect(within(grid).getByText('20:00')).toBeInTheDocument();
    expect(within(grid).getByText('23:00')).toBeInTheDocument();
    const block = within(grid).getByRole('article', { name: 'Marquee build' });
    expect(block).toHaveTextContent(/22:00 – Mon 10 May 06:00/);
    expect(within(block).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('download');
  }, 60000);
});
