import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import {
  type EmailTemplate,
  type EmailPreview as Preview,
  TEMPLATE_ERRORS,
  TEMPLATE_KINDS,
  TEMPLATE_VARIABLES,
  type TemplateKindId,
  templateProblem,
} from '../../../shared/emails/templatesApi';
import { fieldErrors } from '../../lib/errors';
import { useSession } from '../../lib/session';
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
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Preview | null>(null);

  const insertables = template.variables.map((name) => ({
    label: TEMPLATE_VARIABLES[name as keyof typeof TEMPLATE_VARIABLES]?.label ?? name,
    text: `{{${name}}}`,
  }));

  /** The same check the server makes, so the organiser hears about a wrong variable at once. */
  const check = (): boolean => {
    const found: Record<string, string> = {};
    if (subject.trim() === '') found.subject = 'Enter a subject';
    else {
      const problem = templateProblem(subject, template.kind);
      if (problem) found.subject = problem;
    }
    if (body.trim() === '') found.body = 'Enter the email text';
    else {
      const problem = templateProblem(body, template.kind);
      if (problem) found.body = problem;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!check()) return;
    save.mutate(
      { subject, body },
      {
        onSuccess: () => feedback.success('The email template has been saved'),
        onError: (error) => {
          setErrors(fieldErrors(error));
          feedback.error(error);
        },
      },
    );
  };

  const onPreview = () => {
    if (!check()) return;
    previewer.mutate({ subject, body }, { onSuccess: setPreview, onError: (error) => feedback.error(error) });
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
            setSubject(stored.subject);
            setBody(stored.body);
            setErrors({});
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
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={errors.subject}
          />
          <Suspense fallback={<Loading label="Loading the editor" />}>
            <RichTextField
              label="Body"
              value={body}
              onChange={setBody}
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
