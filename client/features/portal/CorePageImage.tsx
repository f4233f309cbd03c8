import { Image } from '@mantine/core';
import { useLocation } from 'react-router';
import { CORE_PAGES } from '../../../shared/events/corePageList';
import { useNavigation } from './api';

/**
 * A core page's image (spec: core pages have an assetId), at the top of that page. The shell's
 * navigation answer already carries the images of the published core pages, so this asks nothing
 * new; on any other address, or while the answer is loading, it shows nothing.
 */
export function CorePageImage({ eventId }: { eventId: string }) {
  const { pathname } = useLocation();
  const navigation = useNavigation(eventId);
  const page = CORE_PAGES.find((p) => p.path === pathname);
  const image = page && navigation.data?.corePageImages?.[page.id];
  if (!image) return null;
  // A fixed height from the start, so the screen below does not move when the image arrives (CLS).
  return <Image src={image.src} alt={image.altText} radius="md" h={220} fit="cover" mb="md" />;
}
