import { Image, Paper, Stack, Text } from '@mantine/core';
import type { ReaderPage } from '../../../shared/content/api';
import { SectionView } from './SectionView';

/** A page as readers see it: its image at the top (when it has one), then its sections or its empty state. */
export function ReaderPageView({ page, guest = false }: { page: ReaderPage; guest?: boolean }) {
  const image = page.image ? (
    <Image src={page.image.src} alt={page.image.altText} radius="md" mah={360} fit="cover" />
  ) : null;
  if (page.sections.length === 0) {
    return (
      <Stack gap="xl">
        {image}
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text>There is nothing on this page yet.</Text>
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      {image}
      {page.sections.map((section) => (
        <SectionView key={section.id} section={section} guest={guest} />
      ))}
    </Stack>
  );
}
