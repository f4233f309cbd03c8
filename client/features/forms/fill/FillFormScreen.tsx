import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { EvaluationContext } from '../../../../shared/forms/definition';
import type { FillFormResponse } from '../../../../shared/forms/submissionsApi';
import type { SubmissionProblem } from '../../../../shared/forms/validate';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useEventDates, useSession } from '../../../lib/session';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { FormRenderer } from '../renderer/FormRenderer';
import { makeSubmissionUploader, teamUploadUrl, useFillForm, useSaveDraft, useSubmitForm } from './fillApi';
import { problemsOf, useDefinition } from './fillParts';

/** A pause in typing after which the draft saves itself. */
const AUTOSAVE_MS = 1500;

type Answers = Record<string, unknown>;

function Filling({ eventId, loaded }: { eventId: string; loaded: FillFormResponse }) {
  const dates = useEventDates();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const formId = loaded.definition.form.id;
  const definition = useDefinition(loaded.definition);
  // The version the next save is based on: the draft's, then each save's answer.
  const version = useRef<number | null>(loaded.draft?.version ?? null);
  const answers = useRef<Answers>(loaded.draft?.values ?? {});
  // The submission the answers (and their files) belong to: the draft's, or the id the first
  // upload was given, which the first save then takes.
  const submissionId = useRef<string | null>(loaded.draft?.id ?? null);
  const uploader = useMemo(
    () => makeSubmissionUploader(teamUploadUrl(eventId, formId), submissionId),
    [eventId, formId],
  );
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [problems, setProblems] = useState<SubmissionProblem[]>([]);
  const saveDraft = useSaveDraft(eventId, formId);
  const submit = useSubmitForm(eventId, formId);
  const context = useMemo<EvaluationContext>(() => ({ client: loaded.client }), [loaded.client]);

  const failed = (error: unknown) => {
    const found = problemsOf(error);
    if (found) setProblems(found);
    feedback.error(error);
  };

  // Saves go one after another: a save sent while the previous one is on its way would name the
  // version before it and be refused as someone else's change.
  const pending = useRef<Promise<void>>(Promise.resolve());
  const afterPending = (run: () => Promise<void>) => {
    pending.current = pending.current.then(run);
    return pending.current;
  };

  const save = (then?: () => void) =>
    afterPending(() =>
      saveDraft
        .mutateAsync({
          values: answers.current,
          version: version.current,
          submissionId: submissionId.current ?? undefined,
        })
        .then((saved) => {
          version.current = saved.version;
          submissionId.current = saved.id;
          setSavedAt(saved.updatedAt);
          then?.();
        })
        // A quiet autosave that fails says so: nothing typed may be lost without the person knowing.
        .catch(failed),
    );
  const autosave = useDebouncedCallback(() => void save(), AUTOSAVE_MS);

  const onSubmit = (values: Answers) => {
    autosave.cancel();
    void afterPending(() =>
      submit
        .mutateAsync({ values, version: version.current, submissionId: submissionId.current ?? undefined })
        .then((result) =>
          navigate(
            result.confirmationId
              ? `/forms/${formId}/${result.confirmationId}`
              : `/forms/${formId}/submissions`,
          ),
        )
        .catch(failed),
    );
  };

  return (
    <Stack gap="md" maw={760}>
      {loaded.definition.form.description && <Text>{loaded.definition.form.description}</Text>}
      {loaded.submissions.length > 0 && (
        <Text size="sm">
          Your team has submitted this form before.{' '}
          <Anchor component={Link} to={`/forms/${formId}/submissions`}>
            See your submissions
          </Anchor>
        </Text>
      )}
      <FormRenderer
        definition={definition}
        context={context}
        currency={loaded.definition.currency}
        images={loaded.definition.images}
        initialAnswers={answers.current}
        onAnswersChange={(next) => {
          answers.current = next;
          autosave();
        }}
        serverProblems={problems}
        uploader={uploader}
        onSubmit={onSubmit}
        submitting={submit.isPending}
        actions={
          <Button
            variant="default"
            loading={saveDraft.isPending && !autosave.isPending}
            onClick={() => {
              autosave.cancel();
              void save(() => navigate(`/forms/${formId}/draft-saved`));
            }}
          >
            Save draft
          </Button>
        }
      />
      <Text size="sm" c="dimmed" role="status">
        {saveDraft.isPending
          ? 'Saving your draft…'
          : savedAt
            ? `Draft saved ${formatDateTime(savedAt, dates)}`
            : ''}
      </Text>
    </Stack>
  );
}

/** /forms/:formId: the team fills in a form; the draft saves itself while they type. */
export function FillFormScreen() {
  const { event, shell } = useSession();
  const eventId = event?.id ?? '';
  const formId = useParams().formId ?? '';
  const form = useFillForm(eventId, formId);
  const forms = shell?.terminology.forms ?? 'Forms';
  const title = form.data?.definition.form.title ?? 'Form';
  if (isApiError(form.error, 404)) {
    return (
      <PageHeader
        title="Form not found"
        breadcrumbs={[{ label: forms, to: '/forms' }, { label: 'Not found' }]}
      >
        <Text>
          This form is not open to your team.{' '}
          <Anchor component={Link} to="/forms">
            Back to {forms}
          </Anchor>
        </Text>
      </PageHeader>
    );
  }
  return (
    <PageHeader title={title} breadcrumbs={[{ label: forms, to: '/forms' }, { label: title }]}>
      <QueryState query={form} loading="Loading the form" failed="The form could not be loaded">
        {(data) => <Filling key={data.definition.form.id} eventId={eventId} loaded={data} />}
      </QueryState>
    </PageHeader>
  );
}

export { FillFormScreen as Component };
