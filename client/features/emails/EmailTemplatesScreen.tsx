import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { useEmailTemplates } from './templatesApi';

export const templateCrumbs = (last?: string) => [
  { label: 'Admin', to: '/admin' },
  ...(last
    ? [{ label: 'Email templates', to: '/admin/email-templates' }, { label: last }]
    : [{ label: 'Email templates' }]),
];

/** /admin/email-templates: every kind of email the portal sends, with its subject. */
export function EmailTemplatesScreen() {
  const { event } = useSession();
  const templates = useEmailTemplates(event?.id ?? '');
  return (
    <PageHeader
      title="Email templates"
      description="The wording of every email the portal sends. Edit one to use your event's voice."
      breadcrumbs={templateCrumbs()}
    >
      {templates.isError ? (
        <LoadFailed
          title="The email templates could not be loaded"
          error={templates.error}
          retry={templates.refetch}
        />
      ) : !templates.data ? (
        <Loading label="Loading the email templates" />
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {templates.data.items.map((template) => (
                <Table.Tr key={template.kind}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text fw={500}>{template.label}</Text>
                      {template.isCustomised && (
                        <Badge variant="outline" color="dark">
                          Customised
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{template.subject}</Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={`/admin/email-templates/edit/${template.kind}`}
                        aria-label={`Edit ${template.label}`}
                      >
                        Edit
                      </Anchor>
                      <Anchor
                        component={Link}
                        to={`/admin/email-templates/view/${template.kind}`}
                        aria-label={`View ${template.label}`}
                      >
                        View
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PageHeader>
  );
}

export { EmailTemplatesScreen as Component };
