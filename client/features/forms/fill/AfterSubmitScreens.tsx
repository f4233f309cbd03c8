import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { useFillForm } from './fillApi';
import { ConfirmationMessage } from './fillParts';

function useFormsTitle() {
  return useSession().shell?.terminology.forms ?? 'Forms';
}

/** /forms/:formId/draft-saved (spec: titled Draft saved): where a saved draft leads. */
export function DraftSavedScreen() {
  const forms = useFormsTitle();
  const formId = useParams().formId ?? '';
  return (
    <PageHeader title="Draft saved" breadcrumbs={[{ label: forms, to: '/forms' }, { label: 'Draft saved' }]}>
      <Paper withBorder radius="md" p="lg" maw={720}>
        <Stack gap="md">
          <Text>
            Your answers are saved as a draft. Anyone in your team can carry on from where you left off, and
            nothing is sent to the organisers until the form is submitted.
          </Text>
          <Group>
            <Button component={Link} to={`/forms/${formId}`}>
              Carry on with the form
            </Button>
            <Button component={Link} to="/forms" variant="default">
              Back to {forms}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PageHeader>
  );
}

/** /forms/:formId/:confirmationId: the confirmation the form's rules chose for the answers. */
export function ConfirmationScreen() {
  const { event } = useSession();
  const forms = useFormsTitle();
  const { formId = '', confirmationId = '' } = useParams();
  const form = useFillForm(event?.id ?? '', formId);
  const title = form.data?.definition.form.title ?? 'Form';
  return (
    <PageHeader title={title} breadcrumbs={[{ label: forms, to: '/forms' }, { label: title }]}>
      <QueryState
        query={form}
        loading="Loading the confirmation"
        failed="The confirmation could not be loaded"
      >
        {(data) => (
          <Stack gap="md">
            <ConfirmationMessage fill={data.definition} confirmationId={confirmationId} />
            <Group>
              <Anchor component={Link} to={`/forms/${formId}/submissions`}>
                See your submissions
              </Anchor>
              <Anchor component={Link} to="/forms">
                Back to {forms}
              </Anchor>
            </Group>
          </Stack>
        )}
      </QueryState>
    </PageHeader>
  );
}

export { DraftSavedScreen as Component };
