import { randomUUID } from 'node:crypto';
import type { FieldGroupDetail, FormDetail } from '../../../shared/forms/api';
import type { FieldInput } from '../../../shared/forms/schema/field';
import type { TestApp } from '../../test/harness';

/** Calls of the forms routes for the API tests, as the builder makes them. */
export function formsApi(t: TestApp, eventId: string) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    cookie: string,
    path: string,
    payload?: object,
    event = eventId,
  ) =>
    t.app.inject({
      method,
      url: `/api/events/${event}${path}`,
      headers: { cookie },
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    });

  async function createForm(cookie: string, title = 'Stand build', firstField?: FieldInput) {
    const res = await call('POST', cookie, '/forms', {
      form: { title },
      ...(firstField ? { firstField } : {}),
    });
    if (res.statusCode !== 201) throw new Error(`createForm ${res.statusCode} ${res.body}`);
    return res.json() as FormDetail;
  }

  async function takeLock(cookie: string, path: string) {
    const res = await call('POST', cookie, `${path}/lock`);
    if (res.statusCode !== 200) throw new Error(`takeLock ${res.statusCode} ${res.body}`);
    return (res.json() as { lock: { isMine: boolean; holderName: string } }).lock;
  }

  async function createGroup(cookie: string, title = 'Guest details') {
    const res = await call('POST', cookie, '/field-groups', { title });
    if (res.statusCode !== 201) throw new Error(`createGroup ${res.statusCode} ${res.body}`);
    return res.json() as FieldGroupDetail;
  }

  return { call, createForm, takeLock, createGroup };
}

/** A field the builder made: the id is the browser's UUID. */
export function newField(type: string, label: string, extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), type, label, ...extra } as FieldInput & { id: string };
}

export const yesNo = (label: string) =>
  newField('dropdown', label, {
    options: [
      { id: 'yes', label: 'Yes', value: 'yes' },
      { id: 'no', label: 'No', value: 'no' },
    ],
  });
