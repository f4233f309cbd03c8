import {
  Anchor,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Link } from 'react-router';
import type { Settings } from '../../../shared/events/settings';
import { VIDEO_GUIDANCE } from '../../../shared/events/video';
import { useSettings } from './api';
import { FormSection, SettingsForm, SettingsPage, useSettingsForm } from './SettingsPage';

const SOURCES = [
  { value: 'youTube', label: 'YouTube' },
  { value: 'vimeo', label: 'Vimeo' },
] as const;

function OnboardingForm({ doc }: { doc: Settings<'onboarding'> }) {
  const form = useSettingsForm('onboarding', doc);
  const { values, set, errors } = form;
  const toggle = (
    key: 'showOnboarding' | 'showGreeting' | 'showSignature' | 'showSurname',
    label: string,
  ) => <Switch label={label} checked={values[key]} onChange={(e) => set(key)(e.currentTarget.checked)} />;

  return (
    <SettingsForm onSubmit={form.submit} saving={form.saving}>
      <FormSection id="onboarding-show" title="Welcome screen">
        {toggle('showOnboarding', 'Show onboarding')}
        <Text size="sm" c="dimmed">
          Each person sees the welcome screen once, when they next sign in, until they press Continue.{' '}
          <Anchor component={Link} to="/onboarding" underline="always">
            Preview the welcome screen
          </Anchor>
        </Text>
        <TextInput
          label="Title"
          value={values.title}
          error={errors.title}
          onChange={(e) => set('title')(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          rows={4}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
        />
      </FormSection>
      <FormSection id="onboarding-greeting" title="Greeting">
        <TextInput
          label="Salutation"
          value={values.salutation}
          error={errors.salutation}
          onChange={(e) => set('salutation')(e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {toggle('showGreeting', 'Show greeting')}
          {toggle('showSurname', 'Show surname')}
          {toggle('showSignature', 'Show signature')}
        </SimpleGrid>
      </FormSection>
      <FormSection id="onboarding-video" title="Video">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="video-source-label">
            Video source
          </Text>
          <SegmentedControl
            aria-labelledby="video-source-label"
            data={[...SOURCES]}
            value={values.videoSourceType}
            onChange={(value) => {
              const picked = SOURCES.find((s) => s.value === value);
              if (picked) set('videoSourceType')(picked.value);
            }}
          />
        </Stack>
        <TextInput
          label="Video URL"
          description={VIDEO_GUIDANCE[values.videoSourceType]}
          value={values.videoUrl}
          error={errors.videoUrl}
          onChange={(e) => set('videoUrl')(e.currentTarget.value)}
        />
      </FormSection>
    </SettingsForm>
  );
}

/** /admin/onboarding: the welcome screen each member sees once. */
export function OnboardingSettingsScreen() {
  const query = useSettings('onboarding');
  return (
    <SettingsPage title="Onboarding" query={query}>
      {(doc) => <OnboardingForm doc={doc} />}
    </SettingsPage>
  );
}

export { OnboardingSettingsScreen as Component };
