import { Box, ColorInput, Group, Image, SimpleGrid, Switch, Text } from '@mantine/core';
import type { BrandingImageSlot } from '../../../shared/branding/schema';
import { navThemeFor, type Settings } from '../../../shared/events/settings';
import { useSettings } from './api';
import { BrandingImageField } from './BrandingImageField';
import { FormSection, SettingsForm, SettingsPage, useSettingsForm } from './SettingsPage';

const HEX = /^#[0-9a-fA-F]{6}$/;

const IMAGE_FIELDS: [BrandingImageSlot, string, string][] = [
  ['logo', 'Logo', 'Shown in the navigation bar and on the sign-in screen'],
  ['invertedLogo', 'Inverted logo', 'For a dark navigation bar'],
  ['iconLogo', 'Icon logo', 'A small square version'],
  ['loginImage', 'Login background', 'Behind the sign-in form'],
];

/** How the navigation bar will look: the colour with the text colour the server will derive. */
function NavPreview({ color, logo }: { color: string; logo: string }) {
  const theme = navThemeFor(HEX.test(color) ? color : '#000000');
  return (
    <Box
      data-testid="nav-preview"
      data-nav-theme={theme}
      p="md"
      style={{
        background: HEX.test(color) ? color : undefined,
        color: theme === 'dark' ? '#fff' : '#000',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Group justify="space-between">
        {logo ? (
          <Image src={logo} alt="Logo preview" h={32} w="auto" />
        ) : (
          <Text fw={700}>Navigation bar</Text>
        )}
        <Text size="sm">
          {theme === 'dark' ? 'Light text on a dark colour' : 'Dark text on a light colour'}
        </Text>
      </Group>
    </Box>
  );
}

function BrandingForm({ doc }: { doc: Settings<'branding'> }) {
  const { navTheme: _derived, ...editable } = doc;
  const form = useSettingsForm('branding', editable);
  const { values, set, errors } = form;
  const navColor = HEX.test(values.navBgColor) ? values.navBgColor : undefined;
  const previewLogo =
    values.autoLogo && navThemeFor(HEX.test(values.navBgColor) ? values.navBgColor : '#000000') === 'dark'
      ? values.invertedLogo || values.logo
      : values.logo;

  return (
    <SettingsForm onSubmit={form.submit} saving={form.saving}>
      <FormSection id="branding-colour" title="Navigation">
        <ColorInput
          label="Navigation colour"
          description="The background of the navigation bar; its text turns light or dark to suit"
          format="hex"
          eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
          value={values.navBgColor}
          error={errors.navBgColor}
          onChange={set('navBgColor')}
        />
        <NavPreview color={values.navBgColor} logo={previewLogo} />
        <Switch
          label="Choose the logo to suit the colour"
          description="Use the inverted logo on a dark navigation bar"
          checked={values.autoLogo}
          onChange={(e) => set('autoLogo')(e.currentTarget.checked)}
        />
      </FormSection>
      <FormSection id="branding-images" title="Logos and images">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {IMAGE_FIELDS.map(([slot, label, description]) => (
            <BrandingImageField
              key={slot}
              slot={slot}
              label={label}
              description={description}
              value={values[slot]}
              error={errors[slot]}
              onChange={set(slot)}
              previewBackground={slot === 'invertedLogo' ? navColor : undefined}
            />
          ))}
        </SimpleGrid>
      </FormSection>
    </SettingsForm>
  );
}

/** /admin/branding: navigation colour and the event's logos. */
export function BrandingScreen() {
  const query = useSettings('branding');
  return (
    <SettingsPage
      title="Branding"
      query={query}
      tips="Upload each image, or give the address of one elsewhere. An uploaded image is saved at once; the colour and addresses are saved with Save. The preview shows whether the text will be light or dark."
    >
      {(doc) => <BrandingForm doc={doc} />}
    </SettingsPage>
  );
}

export { BrandingScreen as Component };
