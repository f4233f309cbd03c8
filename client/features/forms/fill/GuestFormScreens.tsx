import { Alert, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { FillDefinition } from '../../../../shared/forms/submissionsApi';
import { SUBMISSION_ERRORS } from '../../../../shared/forms/submissionsApi';
import type { SubmissionProblem } from '../../../../shared/forms/validate';
import { isApiError } from '../../../lib/api';
import { LoadFailed, Loading } from '../../../ui/QueryState';
import { FormRenderer } from '../renderer/FormRenderer';
import { guestUploadUrl, makeSubmissionUploader, useGuestForm, useGuestSubmit } from './fillApi';
import { ConfirmationMessage, problemsOf, useDefinition } from './fillParts';

function NotPublic() {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={1} size="h2">
        {SUBMISSION_ERRORS.notPublic}
      </Title>
      <Text mt="sm">Check the link you were given, or ask the organisers for the form.</Text>
    </Paper>
  );
}

function GuestFilling({ fill }: { fill: FillDefinition }) {
  const definition = useDefinition(fill);
  const navigate = useNavigate();
  const submit = useGuestSubmit(fill.form.id);
  const [problems, setProblems] = useState<SubmissionProblem[]>([]);
  // The honeypot: hidden from people (and from assistive technology); bots fill in every field.
  const [website, setWebsite] = useState('');
  // The id the guest's first upload was given: their files wait under it for the submission.
  const submissionId = useRef<string | null>(null);
  const uploader = useMemo(
    () => makeSubmissionUploader(guestUploadUrl(fill.form.id), submissionId),
    [fill.form.id],
  );
  return (
    <Stack gap="md">
      {fill.form.description && <Text>{fill.form.description}</Text>}
      {submit.isError && !problemsOf(submit.error) && (
        <Alert color="red" role="alert" title="Your answers were not sent">
          {submit.error.message}
        </Alert>
      )}
      <div
        aria-hidden
        style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
      >
        <TextInput
          label="Website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.currentTarget.value)}
        />
      </div>
      <FormRenderer
        definition={definition}
        currency={fill.currency}
        images={fill.images}
        serverProblems={problems}
        uploader={uploader}
        submitting={submit.isPending}
        onSubmit={(values) =>
          submit.mutate(
            { values, website, submissionId: submissionId.current ?? undefined },
            {
              onSuccess: (result) =>
                navigate(`/guests/forms/${fill.form.id}/${result.confirmationId ?? 'thank-you'}`),
              onError: (error) => setProblems(problemsOf(error) ?? []),
            },
          )
        }
      />
    </Stack>
  );
}

/** /guests/forms/:formId: a public form anyone with the link can fill in, without an account. */
export function GuestFormScreen() {
  const { formId = '' } = useParams();
  const form = useGuestForm(formId);
  useDocumentTitle(form.data ? `${form.data.form.title} | Event Portal` : 'Event Portal');
  return (
    <Container size="sm" py="xl" component="main">
      {isApiError(form.error, 404) || isApiError(form.error, 400) ? (
        <NotPublic />
      ) : form.isPending ? (
        <Loading label="Loading the form" />
      ) : form.isError ? (
        <LoadFailed title="The form could not be loaded" error={form.error} retry={form.refetch} />
      ) : (
        <Stack gap="md">
          <Title order={1}>{form.data.form.title}</Title>
          <GuestFilling fill={form.data} />
        </Stack>
      )}
    </Container>
  );
}

/** /guests/forms/:formId/:confirmationId: what a guest sees once their answers are in. */
export function GuestConfirmationScreen() {
  const { formId = '', confirmationId = '' } = useParams();
  const form = useGuestForm(formId);
  useDocumentTitle(form.data ? `${form.data.form.title} | Event Portal` : 'Event Portal');
  return (
    <Container size="sm" py="xl" component="main">
      {isApiError(form.error, 404) || isApiError(form.error, 400) ? (
        <NotPublic />
      ) : form.isPending ? (
        <Loading label="Loading" />
      ) : form.isError ? (
        <LoadFailed title="The form could not be loaded" error={form.error} retry={form.refetch} />
      ) : (
        <Stack gap="md">
          <Title order={1}>{form.data.form.title}</Title>
          <ConfirmationMessage fill={form.data} confirmationId={confirmationId} />
        </Stack>
      )}
    </Container>
  );
}

export { GuestFormScreen as Component };
