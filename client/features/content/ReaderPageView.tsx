import { Paper, Stack, Text } from '@mantine/core';
import type { ReaderPage } from '../../../shared/content/api';
import { SectionView } from './SectionView';

/** A page's sections as readers see them, or its empty state. */
export function ReaderPageView({ page, guest = false }: { page: ReaderPage; guest?: boolean }) {
  if (page.sections.length === 0) {
    return (
      <Paper withBorder p="xl" ta="center" radius="md">
        <Text>There is nothing on this page yet.</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xl">
      {page.sections.map((section) => (
        <SectionView key={section.id} section={section} guest={guest} />
      ))}
    </Stack>
  );
}
