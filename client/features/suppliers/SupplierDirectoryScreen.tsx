import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { DirectoryCard } from '../../../shared/suppliers/api';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { useDirectory } from './api';
import { SupplierLogo, useSupplierTerms } from './parts';

function SupplierCard({ supplier }: { supplier: DirectoryCard }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <SupplierLogo company={supplier.company} logo={supplier.logo} size={56} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/suppliers/${supplier.id}`} fw={600}>
            {supplier.company}
          </Anchor>
          {supplier.isFeatured && (
            <Badge variant="light" size="sm" w="fit-content">
              Featured
            </Badge>
          )}
          {supplier.website && (
            <Anchor href={supplier.website} target="_blank" rel="noopener noreferrer" size="sm" truncate>
              {supplier.website.replace(/^https?:\/\//, '')}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** /suppliers: the directory by supplier type, featured first, as the viewer's team type allows. */
export function SupplierDirectoryScreen() {
  const { event } = useSession();
  const directory = useDirectory(event?.id ?? '');
  const terms = useSupplierTerms();
  return (
    <PageHeader title={terms.suppliers} breadcrumbs={[{ label: terms.suppliers }]}>
      {directory.isPending ? (
        <Loading label={`Loading the ${terms.suppliers.toLowerCase()}`} />
      ) : directory.isError ? (
        <LoadFailed
          title={`The ${terms.suppliers.toLowerCase()} could not be loaded`}
          error={directory.error}
          retry={directory.refetch}
        />
      ) : directory.data.sections.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text>There are no {terms.suppliers.toLowerCase()} to show yet.</Text>
        </Paper>
      ) : (
        <Stack gap="xl">
          {directory.data.sections.map((section) => (
            <section key={section.groupId} aria-labelledby={`supplier-type-${section.groupId}`}>
              <Title order={2} size="h3" id={`supplier-type-${section.groupId}`} mb="sm">
                {section.title}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {section.suppliers.map((supplier) => (
                  <SupplierCard key={supplier.id} supplier={supplier} />
                ))}
              </SimpleGrid>
            </section>
          ))}
        </Stack>
      )}
    </PageHeader>
  );
}

export { SupplierDirectoryScreen as Component };
