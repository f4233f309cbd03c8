import { describe, expect, it } from 'vitest';
import { describeRoute } from './wiring';

describe('how the trail names what a route changes', () => {
  it.each([
    ['POST', '/api/events/:eventId/tasks', { entityType: 'tasks', idParam: null, action: 'create' }],
    [
      'PUT',
      '/api/events/:eventId/tasks/:taskId',
      { entityType: 'tasks', idParam: 'taskId', action: 'update' },
    ],
    [
      'DELETE',
      '/api/events/:eventId/tasks/:taskId',
      { entityType: 'tasks', idParam: 'taskId', action: 'delete' },
    ],
    [
      'POST',
      '/api/events/:eventId/forms/:formId/webhooks/:webhookId/test',
      { entityType: 'webhooks', idParam: 'webhookId', action: 'test' },
    ],
    ['PUT', '/api/events/:eventId/sidebar', { entityType: 'sidebar', idParam: null, action: 'update' }],
    ['PATCH', '/api/me', { entityType: 'me', idParam: null, action: 'update' }],
  ])('%s %s', (method, url, expected) => {
    expect(describeRoute(method, url)).toEqual(expected);
  });
});
