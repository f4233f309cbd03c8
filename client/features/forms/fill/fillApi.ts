import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { bulkResultSchema } from '../../../../shared/forms/api';
import type {
  FillDefinition,
  FillFormResponse,
  fillDefinitionSchema,
  fillFormResponseSchema,
  GuestSubmitBody,
  GuestUpload,
  myFormsResponseSchema,
  SaveAnswersBody,
  SUBMISSION_SORTS,
  SubmissionUpload,
  SubmissionView,
  savedDraftSchema,
  submissionListResponseSchema,
  submissionViewSchema,
  submitResultSchema,
} from '../../../../shared/forms/submissionsApi';
import { type Answer, api, toQueryString } from '../../../lib/api';
import { useMutation } from '../../../lib/mutation';
import { sessionKeys } from '../../../lib/session';
import { uploadTo } from '../../../ui/uploadFile';
import { tasksKey } from '../../tasks/tasksApi';
import type { SubmissionUploader } from '../renderer/UploadField';

/** Every answer about filling in and submissions of an event starts with this key. */
export const submissionsKey = (eventId: string) => [...sessionKeys.event(eventId), 'submissions'] as const;
const mine = (eventId: string) => `/api/events/${eventId}/my-forms`;
const organiser = (eventId: string, formId: string) => `/api/events/${eventId}/forms/${formId}/submissions`;

// The server answers engine records its schemas already parsed (shared/forms/api.ts, engineRecord):
// the response check keeps their ids, the engine's output types describe the rest.
const asFill = (answer: unknown) => answer as FillFormResponse;
const asView = (answer: unknown) => answer as SubmissionView;
const asDefinition = (answer: unknown) => answer as FillDefinition;

export function useMyForms(eventId: string, search: string) {
  return useQuery({
    queryKey: [...submissionsKey(eventId), 'my-forms', search],
    queryFn: () =>
      api.get<Answer<typeof myFormsResponseSchema>>(
        `${mine(eventId)}${toQueryString({ search: search.trim() })}`,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useFillForm = (eventId: string, formId: string) =>
  useQuery({
    queryKey: [...submissionsKey(eventId), 'fill', formId],
    queryFn: async () =>
      asFill(await api.get<Answer<typeof fillFormResponseSchema>>(`${mine(eventId)}/${formId}`)),
    enabled: eventId !== '' && formId !== '',
    // Answers being typed must not be replaced by a refetch when the window regains focus.
    refetchOnWindowFocus: false,
  });

export const useMySubmission = (eventId: string, formId: string, submissionId: string) =>
  useQuery({
    queryKey: [...submissionsKey(eventId), 'mine', submissionId],
    queryFn: async () =>
      asView(
        await api.get<Answer<typeof submissionViewSchema>>(
          `${mine(eventId)}/${formId}/submissions/${submissionId}`,
        ),
      ),
    enabled: eventId !== '' && formId !== '' && submissionId !== '',
    refetchOnWindowFocus: false,
  });

/** Saves the draft quietly: the list's state follows, the open form keeps what is typed. */
export function useSaveDraft(eventId: string, formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAnswersBody) =>
      api.put<Answer<typeof savedDraftSchema>>(`${mine(eventId)}/${formId}/draft`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...submissionsKey(eventId), 'my-forms'] }),
  });
}

export function useSubmitForm(eventId: string, formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAnswersBody) =>
      api.post<Answer<typeof submitResultSchema>>(`${mine(eventId)}/${formId}/submit`, body),
    // Submitting completes the team's form tasks of this form.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: submissionsKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: tasksKey(eventId) }),
      ]),
  });
}

export function useEditMySubmission(eventId: string, formId: string, submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAnswersBody) =>
      api.put<Answer<typeof submitResultSchema>>(
        `${mine(eventId)}/${formId}/submissions/${submissionId}`,
        body,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionsKey(eventId) }),
  });
}

// ---- The organiser's side ----

export type SubmissionsParams = {
  page: number;
  sort: (typeof SUBMISSION_SORTS)[number];
  order: 'asc' | 'desc';
  search: string;
  state?: 'draft' | 'submitted';
  teamTypeId?: string;
  teamId?: string;
};

export function useSubmissions(eventId: string, formId: string, query: SubmissionsParams) {
  return useQuery({
    queryKey: [...submissionsKey(eventId), 'list', formId, query],
    queryFn: () =>
      api.get<Answer<typeof submissionListResponseSchema>>(
        `${organiser(eventId, formId)}${toQueryString(query)}`,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useSubmission = (eventId: string, formId: string, submissionId: string) =>
  useQuery({
    queryKey: [...submissionsKey(eventId), 'organiser', submissionId],
    queryFn: async () =>
      asView(
        await api.get<Answer<typeof submissionViewSchema>>(`${organiser(eventId, formId)}/${submissionId}`),
      ),
    // No submission chosen (the webhook preview's sample answers): nothing to ask for.
    enabled: eventId !== '' && submissionId !== '',
    refetchOnWindowFocus: false,
  });

export function useEditSubmission(eventId: string, formId: string, submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAnswersBody) =>
      api.put<Answer<typeof submitResultSchema>>(`${organiser(eventId, formId)}/${submissionId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionsKey(eventId) }),
  });
}

export function useDeleteSubmissions(eventId: string, formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.post<Answer<typeof bulkResultSchema>>(`${organiser(eventId, formId)}/delete`, { ids }),
    // A team left with no submission has its form tasks open again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: submissionsKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: tasksKey(eventId) }),
      ]),
  });
}

export const exportUrl = (eventId: string, formId: string, format: 'csv' | 'xlsx') =>
  `${organiser(eventId, formId)}/export?format=${format}`;

// ---- Guests ----

export const useGuestForm = (formId: string) =>
  useQuery({
    queryKey: ['guests', 'forms', formId],
    queryFn: async () =>
      asDefinition(await api.get<Answer<typeof fillDefinitionSchema>>(`/api/guests/forms/${formId}`)),
    enabled: Boolean(formId),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useGuestSubmit = (formId: string) =>
  useMutation({
    mutationFn: (body: GuestSubmitBody) =>
      api.post<Answer<typeof submitResultSchema>>(`/api/guests/forms/${formId}/submissions`, body),
  });

/** Where a team's (or an organiser's) upload for an answer goes, and a guest's. */
export const teamUploadUrl = (eventId: string, formId: string) => `${mine(eventId)}/${formId}/files`;
export const guestUploadUrl = (formId: string) => `/api/guests/forms/${formId}/files`;
/** The PDF of one submission: the team's route, or the organiser's. */
export const mySubmissionPdfUrl = (eventId: string, formId: string, submissionId: string) =>
  `${mine(eventId)}/${formId}/submissions/${submissionId}/pdf`;
export const submissionPdfUrl = (eventId: string, formId: string, submissionId: string) =>
  `${organiser(eventId, formId)}/${submissionId}/pdf`;

/**
 * Sends answers' files to an upload route. The first upload of a new submission is given the
 * submission's id, which later uploads and the first save send; uploads go one after another so
 * two files chosen at once land under the same id.
 */
export function makeSubmissionUploader(
  url: string,
  submission: { current: string | null },
): SubmissionUploader {
  let queue: Promise<unknown> = Promise.resolve();
  return (file, place, onProgress) => {
    const run = async () => {
      const query = toQueryString({
        fieldId: place.fieldId,
        templateFieldId: place.templateFieldId,
        loopIndex: place.loopIndex,
        submissionId: submission.current,
      });
      // Typed by the route's response schema, not parsed (decision 0041). A guest's uploads answer
      // with the guest's token where a team's answer the submission's id: both are the id to send next.
      const answer = (await uploadTo(`${url}${query}`, file, onProgress)) as SubmissionUpload | GuestUpload;
      submission.current = answer.submissionId;
      return answer.file;
    };
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };
}
