import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import {
  type EmailTemplate,
  type EmailPreview as Preview,
  TEMPLATE_ERRORS,
  TEMPLATE_KINDS,
  TEMPLATE_VARIABLES,
  type TemplateKindId,
  templateBodySchema,
  templateProblem,
} from '../../../shared/emails/templatesApi';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { EmailPreview } from './EmailPreview';
import { templateCrumbs } from './EmailTemplatesScreen';
import {
  useEmailTemplate,
  usePreviewEmailTemplate,
  useResetEmailTemplate,
  useSaveEmailTemplate,
  useSendTestEmail,
  useStoredPreview,
} from './templatesApi';

const RichTextField = lazy(() => import('../../ui/RichTextField'));

const isKind = (kind: string): kind is TemplateKindId => Object.hasOwn(TEMPLATE_KINDS, kind);

/** Loads the template named in the path, then shows `render` with it. */
function WithTemplate({ render }: { render: (template: EmailTemplate) => React.ReactNode }) {
  const { event } = useSession();
  const kindParam = useParams().kind ?? '';
  const kind = isKind(kindParam) ? kindParam : 'setPassword';
  const template = useEmailTemplate(event?.id ?? '', kind);
  if (!isKind(kindParam)) {
    return (
      <PageHeader title="Email template" breadcrumbs={templateCrumbs('Email template')}>
        <Alert color="red" title={TEMPLATE_ERRORS.notFound}>
          There is no email of this kind.
        </Alert>
      </PageHeader>
    );
  }
  if (template.isError) {
    return (
      <PageHeader title="Email template" breadcrumbs={templateCrumbs('Email template')}>
        <LoadFailed
          title="The email template could not be loaded"
          error={template.error}
          retry={template.refetch}
        />
      </PageHeader>
    );
  }
  if (!template.data) return <Loading label="Loading the email template" />;
  return render(template.data);
}

/** /admin/email-templates/edit/{emailId} */
export function EditEmailTemplateScreen() {
  return <WithTemplate render={(template) => <TemplateEditor key={template.kind} template={template} />} />;
}

/** /admin/email-templates/view/{emailId}: the stored template as a recipient sees it. */
export function ViewEmailTemplateScreen() {
  return <WithTemplate render={(template) => <TemplateView template={template} />} />;
}

function TemplateView({ template }: { template: EmailTemplate }) {
  const { event } = useSession();
  const preview = useStoredPreview(event?.id ?? '', template.kind);
  return (
    <PageHeader title={template.label} breadcrumbs={templateCrumbs(template.label)}>
      {preview.isError ? (
        <LoadFailed title="The preview could not be made" error={preview.error} retry={preview.refetch} />
      ) : preview.data ? (
        <EmailPreview preview={preview.data} />
      ) : (
        <Loading label="Loading the preview" />
      )}
    </PageHeader>
  );
}

function TemplateEditor({ template }: { template: EmailTemplate }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const feedback = useFeedback();
  const confirm = useConfirm();
  const save = useSaveEmailTemplate(eventId, template.kind);
  const reset = useResetEmailTemplate(eventId, template.kind);
  const previewer = usePreviewEmailTemplate(eventId, template.kind);
  const sendTest = useSendTestEmail(eventId, template.kind);
  const form = useSchemaForm(templateBodySchema, {
    initialValues: { subject: template.subject, body: template.body },
    // The same variable check the server makes, so the organiser hears about a wrong one at once;
    // an empty text is the schema's to name.
    check: (values) => {
      const found: Record<string, string> = {};
      for (const key of ['subject', 'body'] as const) {
        const problem = values[key].trim() === '' ? null : templateProblem(values[key], template.kind);
        if (problem) found[key] = problem;
      }
      return found;
    },
  });
  const { values } = form;
  const errors = errorTexts(form.errors);
  const [preview, setPreview] = useState<Preview | null>(null);

  const insertables = template.variables.map((name) => ({
    label: TEMPLATE_VARIABLES[name as keyof typeof TEMPLATE_VARIABLES]?.label ?? name,
    text: `{{${name}}}`,
  }));

  const onSubmit = form.onSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => feedback.success('The email template has been saved'),
      onError: (error) => {
        form.setServerErrors(error);
        feedback.error(error);
      },
    }),
  );

  const onPreview = () => {
    if (form.validate().hasErrors) return;
    previewer.mutate(
      { subject: values.subject, body: values.body },
      { onSuccess: setPreview, onError: (error) => feedback.error(error) },
    );
  };

  const onSendTest = () =>
    sendTest.mutate(undefined, {
      onSuccess: ({ to }) => feedback.success(`A test email has been sent to ${to}`),
      onError: (error) => feedback.error(error),
    });

  const onReset = () =>
    confirm({
      title: 'Reset to default',
      message: `The ${template.label} email goes back to the portal's own wording. Your changes are lost.`,
      confirmLabel: 'Reset',
      onConfirm: () =>
        reset.mutate(undefined, {
          onSuccess: (stored) => {
            form.setValues({ subject: stored.subject, body: stored.body });
            form.clearErrors();
            setPreview(null);
            feedback.success('The email template has been reset to the default');
          },
          onError: (error) => feedback.error(error),
        }),
    });

  return (
    <PageHeader
      title={template.label}
      description="Merge variables in double braces, such as {{firstName}}, are filled in for each recipient."
      breadcrumbs={templateCrumbs(template.label)}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label="Subject"
            required
            value={values.subject}
            onChange={(e) => form.setFieldValue('subject', e.currentTarget.value)}
            error={errors.subject}
          />
          <Suspense fallback={<Loading label="Loading the editor" />}>
            <RichTextField
              label="Body"
              value={values.body}
              onChange={(html) => form.setFieldValue('body', html)}
              error={errors.body}
              insertables={insertables}
            />
          </Suspense>
          <Text size="sm">
            Variables of this email: {template.variables.map((name) => `{{${name}}}`).join(', ')}. The subject
            uses them too. The test email goes to your own address and uses the saved template.
          </Text>
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            <Button variant="default" onClick={onPreview} loading={previewer.isPending}>
              Preview
            </Button>
            <Button variant="default" onClick={onSendTest} loading={sendTest.isPending}>
              Send test email
            </Button>
            <Button variant="default" color="red" onClick={onReset} disabled={!template.isCustomised}>
              Reset to default
            </Button>
          </Group>
          {preview && <EmailPreview preview={preview} />}
        </Stack>
      </form>
    </PageHeader>
  );
}

export { EditEmailTemplateScreen as Component };
