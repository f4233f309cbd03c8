import { describe, expect, it } from 'vitest';
import { notificationBodySchema, targetHref } from './api';

const id = '0b6e3f7c-2b1a-4c47-9d3e-6f1f6c1d2a11';

describe('notification body', () => {
  it('takes a title alone as an everyone draft with no email', () => {
    expect(notificationBodySchema.parse({ title: ' Build-up starts at 7:00 ' })).toMatchObject({
      title: 'Build-up starts at 7:00',
      targetKind: 'none',
      audience: 'everyone',
      sendEmail: false,
      action: 'draft',
    });
  });

  it('refuses a body whose parts disagree', () => {
    const bad = [
      { title: '' },
      { title: 'x', targetKind: 'task' },
      { title: 'x', targetKind: 'none', targetId: id },
      { title: 'x', targetKind: 'link' },
      { title: 'x', targetKind: 'link', linkUrl: 'javascript:alert(1)' },
      { title: 'x', audience: 'teamTypes' },
      { title: 'x', audience: 'team' },
      { title: 'x', teamTypeIds: [id] },
      { title: 'x', action: 'schedule' },
      { title: 'x', scheduledAt: '2027-01-01T10:00:00Z' },
      { title: 'x', extra: true },
    ];
    for (const body of bad)
      expect(notificationBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('accepts a scheduled email to some team types opening a task', () => {
    const body = {
      title: 'Catering order closes Friday',
      targetKind: 'task',
      targetId: id,
      audience: 'teamTypes',
      teamTypeIds: [id],
      sendEmail: true,
      action: 'schedule',
      scheduledAt: '2027-03-01T07:00:00+00:00',
    };
    expect(notificationBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('targetHref', () => {
  it("opens the spec's routes of a page, a form and a task, or the link as given", () => {
    expect(targetHref({ targetKind: 'content', targetId: id, linkUrl: '' })).toBe(`/content/${id}`);
    expect(targetHref({ targetKind: 'form', targetId: id, linkUrl: '' })).toBe(`/forms/${id}`);
    expect(targetHref({ targetKind: 'task', targetId: id, linkUrl: '' })).toBe(`/tasks/${id}`);
    expect(targetHref({ targetKind: 'link', targetId: null, linkUrl: 'https://x.io' })).toBe('https://x.io');
    expect(targetHref({ targetKind: 'none', targetId: null, linkUrl: '' })).toBeNull();
  });
});
