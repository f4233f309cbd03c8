import { Button, Group, Image, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { type BrandingImageSlot, isBrandingFileUrl } from '../../../shared/branding/schema';
import type { brandingSchema } from '../../../shared/events/settings';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys, useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { FileUpload } from '../../ui/FileUpload';
import { settingsKeys } from './api';

/**
 * Sets or removes an uploaded branding image at once (not with the form's Save): the server claims
 * the upload and deletes the image it replaces, and the shell shows the new one straight away.
 */
function useSetBrandingImage(slot: BrandingImageSlot) {
  const eventId = useSession().event?.id ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string | null) =>
      api.put<Answer<typeof brandingSchema>>(`/api/events/${eventId}/branding/images/${slot}`, { fileId }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.doc(eventId, 'branding'), saved);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.shell(eventId) });
    },
  });
}

export interface BrandingImageFieldProps {
  slot: BrandingImageSlot;
  label: string;
  description: string;
  value: string;
  error?: string;
  /** The form's value follows the server's after an upload or removal, and the typed address otherwise. */
  onChange: (value: string) => void;
  /** Logos sit on the navigation colour in the preview. */
  previewBackground?: string;
}

/** One branding image: a preview, then either the uploaded file (with Remove) or an address, and an upload. */
export function BrandingImageField(props: BrandingImageFieldProps) {
  const { slot, label, description, value, error, onChange, previewBackground } = props;
  const setImage = useSetBrandingImage(slot);
  const feedback = useFeedback();
  const confirm = useConfirm();
  const uploaded = isBrandingFileUrl(value);
  const titleId = useId();

  const apply = (fileId: string | null, message: string) =>
    setImage.mutate(fileId, {
      onSuccess: (saved) => {
        onChange(saved[slot]);
        feedback.success(message);
      },
      onError: (err) => feedback.error(err),
    });

  const askRemove = () =>
    confirm({
      title: `Remove the ${label.toLowerCase()}`,
      message: `The uploaded ${label.toLowerCase()} will be deleted.`,
      confirmLabel: 'Remove',
      onConfirm: () => apply(null, `The ${label.toLowerCase()} has been removed`),
    });

  return (
    <Paper withBorder p="md" radius="md" role="group" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Text fw={600} id={titleId}>
            {label}
          </Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {value ? (
          <Group
            p="xs"
            style={{ background: previewBackground ?? 'var(--mantine-color-gray-1)', borderRadius: 6 }}
            justify="center"
          >
            <Image
              src={value}
              alt={`${label} preview`}
              mah={slot === 'loginImage' ? 160 : 64}
              w="auto"
              fit="contain"
            />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            None yet.
          </Text>
        )}
        {uploaded ? (
          <Group justify="space-between">
            <Text size="sm">An uploaded image.</Text>
            <Button variant="light" color="red" size="xs" onClick={askRemove} loading={setImage.isPending}>
              Remove {label.toLowerCase()}
            </Button>
          </Group>
        ) : (
          <TextInput
            label={`${label} address`}
            description="Or the full address of an image elsewhere"
            placeholder="https://"
            value={value}
            error={error}
            onChange={(e) => onChange(e.currentTarget.value.trim())}
          />
        )}
        <FileUpload
          purpose="branding"
          label={`Upload a ${label.toLowerCase()}`}
          onUploaded={(file) => apply(file.id, `The ${label.toLowerCase()} has been saved`)}
          disabled={setImage.isPending}
        />
      </Stack>
    </Paper>
  );
}
