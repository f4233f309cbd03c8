import { Alert, Divider, Text, Title } from '@mantine/core';
import type { Field } from '../../../../shared/forms';
import { formatTotal } from '../../../../shared/forms';

/** Layout items and the grand total: shown to the person, nothing stored for them. */
export interface LayoutItemProps {
  field: Field;
  grandTotal: number;
  currency: string;
  /** Where an asset's image is served; the event's assets live behind the event's own URL. */
  assetUrl?: (assetId: string) => string;
}

export function LayoutItem({ field, grandTotal, currency, assetUrl }: LayoutItemProps) {
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
    case 'image':
      return field.assetId && assetUrl ? (
        // Dimensions and a fixed 3:2 ratio (the asset sizes' box) so the form does not jump when it loads.
        <img
          src={assetUrl(field.assetId)}
          alt={field.label}
          width={960}
          height={640}
          style={{ maxWidth: '100%', height: 'auto', aspectRatio: '3 / 2', objectFit: 'contain' }}
        />
      ) : null;
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
}
