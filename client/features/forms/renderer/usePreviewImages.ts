import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FormDefinition } from '../../../../shared/forms';
import { useSession } from '../../../lib/session';
import { assetQuery } from '../../assets/assetsApi';
import { type FormImages, imageAssetIds } from './formImages';

/**
 * The builder's preview shows images chosen a moment ago and not saved yet, so it reads them from
 * the assets API itself (an organiser may), sharing the image editor's cached answers.
 */
export function usePreviewImages(definition: FormDefinition): FormImages {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const ids = imageAssetIds(definition);
  const answers = useQueries({ queries: ids.map((id) => assetQuery(eventId, id)) });
  const key = answers.map((answer) => answer.dataUpdatedAt).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when an answer arrives (key)
  return useMemo(() => {
    const images: Record<string, FormImages[string]> = {};
    for (const { data } of answers) {
      if (data?.type !== 'image') continue;
      images[data.id] = data.data
        ? {
            src: data.data.small,
            srcSet: `${data.data.small} 960w, ${data.data.medium} 1440w, ${data.data.large} 1920w`,
            altText: data.altText,
          }
        : { src: data.url, srcSet: '', altText: data.altText };
    }
    return images;
  }, [key]);
}
