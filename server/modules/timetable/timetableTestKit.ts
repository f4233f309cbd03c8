import ICAL from 'ical.js';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';
import { portalKit } from '../portal/portalTestKit';

/** Test helpers for the time table: sessions and tracks through the API, calendars parsed back. */
export function timetableKit(t: TestApp, eventId: string) {
  const kit = portalKit(t, eventId);

  async function track(cookie: string, name: string, color = '#1c7ed6') {
    const res = await kit.call('POST', cookie, '/time-table/tracks', { name, color });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  async function session(cookie: string, body: object) {
    const res = await kit.call('POST', cookie, '/time-table/sessions', {
      startsAt: '2027-05-10T09:00',
      endsAt: '2027-05-10T10:00',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  async function publishTimeTable(adminCookie: string, isPublished = true) {
    const res = await kit.call('PUT', adminCookie, '/core-pages/timeTable', {
      title: '',
      icon: 'calendar',
      isPublished,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function myTitles(cookie: string): Promise<string[]> {
    const res = await kit.call('GET', cookie, '/my-time-table');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { sessions: { title: string }[] }).sessions.map((s) => s.title);
  }

  return { ...kit, track, session, publishTimeTable, myTitles };
}

/** The events of an iCalendar text, read by ical.js (not the library-free writer under test). */
export function parseCalendar(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return component.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}
