// The forms queries the router starts before the screen's code has loaded (decision 0053): kept
// apart from formsApi.ts so the entry chunk, which holds the router, gets only these few lines.
import { queryOptions } from '@tanstack/react-query';
import type { FormDetail, formDetailSchema } from '../../../shared/forms/api';
import { type Answer, api } from '../../lib/api';
import { sessionKeys } from '../../lib/session';

/** Every forms answer of an event starts with this key, so a change drops them all together. */
export const formsKey = (eventId: string) => [...sessionKeys.event(eventId), 'forms'] as const;
export const formsPath = (eventId: string) => `/api/events/${eventId}/forms`;

// The server answers engine records already parsed by the engine's schemas (see shared/forms/api.ts,
// engineRecord): the response check keeps their ids, the engine's output types describe the rest.
export const asDetail = (detail: unknown) => detail as FormDetail;

/** The form as the builder opens it; the settings screen uses only its settings. */
export const formDetailQuery = (eventId: string, formId: string) =>
  queryOptions({
    queryKey: [...formsKey(eventId), 'detail', formId],
    queryFn: async () =>
      asDetail(await api.get<Answer<typeof formDetailSchema>>(`${formsPath(eventId)}/${formId}`)),
  });
