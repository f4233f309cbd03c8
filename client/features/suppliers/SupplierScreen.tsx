import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { useParams } from 'react-router';
import type { DirectorySupplier } from '../../../shared/suppliers/api';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { useDirectorySupplier } from './api';
import { SupplierLogo, useSupplierTerms } from './parts';

type Contact = DirectorySupplier['contacts'][number];

function ContactCard({ contact }: { contact: Contact }) {
  const name = [contact.firstName, contact.surname].filter(Boolean).join(' ');
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={2}>
        {name && <Text fw={600}>{name}</Text>}
        {contact.jobTitle && (
          <Text size="sm" c="dimmed">
            {contact.jobTitle}
          </Text>
        )}
        {contact.email && (
          <Anchor href={`mailto:${contact.email}`} size="sm">
            {contact.email}
          </Anchor>
        )}
        {contact.phone && (
          <Anchor href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} size="sm">
            {contact.phone}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

function SupplierView({ supplier }: { supplier: DirectorySupplier }) {
  return (
    <Stack gap="lg" maw={900}>
      <Group align="center" gap="lg">
        <SupplierLogo company={supplier.company} logo={supplier.logo} size={96} />
        <Stack gap={6}>
          <Group gap="xs">
            {supplier.isFeatured && <Badge variant="light">Featured</Badge>}
            {supplier.groups.map((g) => (
              <Badge key={g.id} variant="outline">
                {g.title}
              </Badge>
            ))}
          </Group>
          {supplier.website && (
            <Anchor href={supplier.website} target="_blank" rel="noopener noreferrer">
              {supplier.website.replace(/^https?:\/\//, '')}
            </Anchor>
          )}
        </Stack>
      </Group>
      {supplier.description && (
        <Paper withBorder p="lg" radius="md">
          {/* Sanitised on the server when it was saved (DOMPurify), so it is safe to render as HTML. */}
          <Typography>
            <div
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised this HTML
              dangerouslySetInnerHTML={{ __html: supplier.description }}
            />
          </Typography>
        </Paper>
      )}
      <section aria-labelledby="supplier-contacts">
        <Title order={2} size="h3" id="supplier-contacts" mb="sm">
          Contacts
        </Title>
        {supplier.contacts.length === 0 ? (
          <Text c="dimmed">No contacts listed.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {supplier.contacts.map((contact, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: contacts have no id; their order is fixed
              <ContactCard key={index} contact={contact} />
            ))}
          </SimpleGrid>
        )}
      </section>
    </Stack>
  );
}

/** /suppliers/:supplierId and /content/:contentId/supplier/:supplierId: one supplier's page. */
export function SupplierScreen() {
  const { event } = useSession();
  const { supplierId = '', contentId } = useParams();
  const supplier = useDirectorySupplier(event?.id ?? '', supplierId);
  const terms = useSupplierTerms();
  const company = supplier.data?.company ?? 'Supplier';
  const trail = contentId
    ? [{ label: 'Content', to: `/content/${contentId}` }, { label: company }]
    : [{ label: terms.suppliers, to: '/suppliers' }, { label: company }];
  return (
    <PageHeader title={company} breadcrumbs={trail}>
      {supplier.isPending ? (
        <Loading label="Loading the supplier" />
      ) : supplier.isError ? (
        <LoadFailed
          title="The supplier could not be loaded"
          error={supplier.error}
          retry={supplier.refetch}
        />
      ) : (
        <SupplierView supplier={supplier.data} />
      )}
    </PageHeader>
  );
}

export { SupplierScreen as Component };
