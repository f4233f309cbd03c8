import { Alert, AspectRatio, Divider, Text, Title } from '@mantine/core';
import { memo } from 'react';
import type { Field } from '../../../../shared/forms';
import { formatTotal } from '../../../../shared/forms';
import type { FormImages } from './formImages';

/** Layout items and the grand total: shown to the person, nothing stored for them. */
export interface LayoutItemProps {
  field: Field;
  grandTotal: number;
  currency: string;
  /** The images image fields name, by asset id (the server resolves them in the event). */
  images?: FormImages;
}

/** Memoised: a keystroke re-renders a layout item only when the grand total it shows changes. */
export const LayoutItem = memo(function LayoutItem({ field, grandTotal, currency, images }: LayoutItemProps) {
  switch (field.type) {
    case 'section':
      return (
        <div>
          <Title order={3}>{field.label}</Title>
          {field.description && <Text c="dimmed">{field.description}</Text>}
        </div>
      );
    case 'customText':
      return <Text style={{ whiteSpace: 'pre-wrap' }}>{field.description || field.label}</Text>;
    case 'divider':
      return <Divider />;
    case 'callout':
      return (
        <Alert
          color={
            field.style === 'default'
              ? 'gray'
              : field.style === 'error'
                ? 'red'
                : field.style === 'success'
                  ? 'green'
                  : field.style === 'warning'
                    ? 'yellow'
                    : 'blue'
          }
          title={field.label || undefined}
        >
          {field.description}
        </Alert>
      );
    case 'image': {
      const image = field.assetId ? images?.[field.assetId] : undefined;
      if (!image) return null;
      const alt = image.altText || field.label;
      return (
        <figure style={{ margin: 0 }}>
          {/* The sizes' 3:2 box from the start, the image fitted inside: nothing below moves when it loads. */}
          <AspectRatio ratio={3 / 2} maw={960}>
            <img
              src={image.src}
              srcSet={image.srcSet || undefined}
              sizes="(max-width: 760px) 100vw, 720px"
              alt={alt}
              width={960}
              height={640}
              loading="lazy"
              style={{ objectFit: 'contain' }}
            />
          </AspectRatio>
          {field.label && alt !== field.label && (
            <Text component="figcaption" size="sm" c="dimmed" mt={4}>
              {field.label}
            </Text>
          )}
        </figure>
      );
    }
    case 'youTube':
      return field.videoId ? (
        <iframe
          title={field.label || 'YouTube video'}
          width="560"
          height="315"
          src={`https://www.youtube-nocookie.com/embed/${field.videoId}`}
          allowFullScreen
        />
      ) : null;
    case 'vimeo':
      return field.videoId ? (
        <iframe
          title={field.label || 'Vimeo video'}
          width="560"
          height="315"
          src={`https://player.vimeo.com/video/${field.videoId}`}
          allowFullScreen
        />
      ) : null;
    case 'grandTotal':
      return (
        <Text fw={600}>
          {field.label || 'Total'}: {formatTotal(grandTotal, { currency, locale: 'en-GB' })}
        </Text>
      );
    default:
      return null;
  }
});
