import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MySession, MyTimeTable } from '../../../shared/timetable/api';
import { EVENT_ID } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const path = `GET /api/events/${EVENT_ID}/my-time-table`;
const id = (n: number) => `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`;
const session = (n: number, title: string, startsAt: string, endsAt: string): MySession => ({
  id: id(n),
  title,
  description: '',
  startsAt,
  endsAt,
  location: n === 2 ? 'Hall 3' : '',
  track: n === 2 ? { id: id(90), name: 'Logistics', color: '#e8590c' } : null,
  link: null,
});
const sessions = [
  session(1, 'Build-up (over)', '2020-03-01T08:00', '2020-03-01T18:00'),
  session(2, 'Stand holders meeting', '2099-03-02T08:00', '2099-03-02T08:30'),
  session(3, 'Doors open', '2099-03-02T09:00', '2099-03-02T18:00'),
  session(4, 'Breakdown', '2099-03-04T18:00', '2099-03-04T23:00'),
  session(5, 'Final sweep', '2099-03-05T08:00', '2099-03-05T09:00'),
];
const timeTable = (isPublished: boolean): MyTimeTable => ({
  timeZone: 'Europe/London',
  isPublished,
  tracks: [],
  sessions,
});

describe("the dashboard's next sessions", () => {
  it('lists the next three sessions not over yet, with time, place and track, once published', async () => {
    renderApp('/', { ...signedInHandlers('user'), [path]: { body: timeTable(true) } });
    const region = await screen.findByRole('region', { name: 'Next sessions' }, { timeout: 20000 });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    ['Stand holders meeting', 'Doors open', 'Breakdown'].forEach((title, i) => {
      expect(items[i]).toHaveTextContent(title);
    });
    expect(region).not.toHaveTextContent('Build-up (over)');
    expect(items[0]).toHaveTextContent(/08:00\s*–\s*08:30/);
    expect(items[0]).toHaveTextContent('Hall 3');
    expect(items[0]).toHaveTextContent('Logistics');
    expect(within(region).getByRole('link', { name: /Open Time Table/i })).toHaveAttribute(
      'href',
      '/time-table',
    );
  }, 60000);

  it('shows nothing while the time table is unpublished', async () => {
    renderApp('/', { ...signedInHandlers('admin'), [path]: { body: timeTable(false) } });
    expect(
      await screen.findByRole('region', { name: 'Quick access' }, { timeout: 20000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Next sessions' })).not.toBeInTheDocument();
  }, 60000);
});
