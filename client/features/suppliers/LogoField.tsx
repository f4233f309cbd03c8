import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { LOGO_PURPOSE, SUPPLIER_ERRORS } from '../../../shared/suppliers/schema';
import { FileUpload } from '../../ui/FileUpload';
import { SupplierLogo } from './parts';

export interface LogoValue {
  logoUrl: string;
  logoFileId: string | null;
  /** What to show now: the uploaded file's address or the URL. */
  preview: string;
}

/** The image types a logo may be (the files module makes every one a 256x256 PNG). */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];

/**
 * The supplier's logo: an uploaded image or a web address (spec: logo by URL or a new file). An uploaded file replaces
 * the address, and typing an address replaces an uploaded file, so there is only ever one logo.
 */
export function LogoField({
  company,
  value,
  onChange,
  error,
}: {
  company: string;
  value: LogoValue;
  onChange: (value: LogoValue) => void;
  /** The server's refusal of the logo when saving ('Failed to upload logo'). */
  error?: string;
}) {
  const hasLogo = value.preview !== '';
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Logo
      </Text>
      <Group align="flex-start" gap="md">
        <SupplierLogo company={company || 'Supplier'} logo={value.preview} size={64} />
        <Stack gap="xs" style={{ flex: 1 }}>
          <FileUpload
            purpose={LOGO_PURPOSE}
            accept={LOGO_TYPES}
            label="Upload a logo"
            maxSize={5 * 1024 * 1024}
            onUploaded={(file) => onChange({ logoUrl: '', logoFileId: file.id, preview: file.url })}
          />
          {error === SUPPLIER_ERRORS.logoUpload && (
            <Alert color="red" role="alert" title={SUPPLIER_ERRORS.logoUpload}>
              Upload the logo again, or give its web address instead.
            </Alert>
          )}
          <TextInput
            label="Logo URL"
            placeholder="https://"
            description={
              value.logoFileId ? 'An uploaded logo is in use; typing an address replaces it.' : undefined
            }
            value={value.logoUrl}
            error={error === SUPPLIER_ERRORS.logoUpload ? undefined : error}
            onChange={(e) => {
              const logoUrl = e.currentTarget.value;
              onChange({ logoUrl, logoFileId: null, preview: logoUrl.trim() });
            }}
          />
          {hasLogo && (
            <Group>
              <Button
                size="xs"
                variant="default"
                onClick={() => onChange({ logoUrl: '', logoFileId: null, preview: '' })}
              >
                Remove logo
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
