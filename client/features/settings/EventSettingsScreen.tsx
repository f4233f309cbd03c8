import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { LOCALES, type Settings, TIME_ZONES } from '../../../shared/events/settings';
import { SignInProvidersSection } from '../auth/SignInProvidersSection';
import { NextEditionSection } from '../editions/NextEditionSection';
import { useSettings } from './api';
import { FormSection, SettingsForm, SettingsPage, useSettingsForm } from './SettingsPage';

function EventForm({ doc }: { doc: Settings<'event'> }) {
  const { appUrl, launchDate, ...editable } = doc;
  const form = useSettingsForm('event', { ...editable, launchDate: launchDate ?? null });
  const { values, set, errors } = form;
  const timeZones = useMemo(() => [...TIME_ZONES], []);
  const text = (key: 'eventName' | 'shortName' | 'longName' | 'teamName' | 'companyName') => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value),
  });

  return (
    <SettingsForm onSubmit={form.submit} saving={form.saving}>
      <FormSection id="event-dates" title="Dates">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            type="date"
            label="Start date"
            required
            value={values.startDate}
            error={errors.startDate}
            onChange={(e) => set('startDate')(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="End date"
            required
            value={values.endDate}
            error={errors.endDate}
            onChange={(e) => set('endDate')(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Launch date"
            description="Optional"
            value={values.launchDate ?? ''}
            error={errors.launchDate}
            onChange={(e) => set('launchDate')(e.currentTarget.value || null)}
          />
        </SimpleGrid>
      </FormSection>
      <FormSection id="event-names" title="Names">
        <TextInput label="Event name" required {...text('eventName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Short name"
            required
            description="Shown in the navigation bar"
            {...text('shortName')}
          />
          <TextInput
            label="Long name"
            description="Shown on the dashboard and in My events"
            {...text('longName')}
          />
        </SimpleGrid>
        <TextInput
          label="App URL"
          value={appUrl}
          readOnly
          description="Links in emails start with this address. It is set when the event is created."
        />
      </FormSection>
      <FormSection id="event-organiser" title="Organiser">
        <TextInput label="Team name" {...text('teamName')} />
        <TextInput label="Company name" {...text('companyName')} />
        <Textarea
          label="Company address"
          rows={3}
          value={values.companyAddress}
          error={errors.companyAddress}
          onChange={(e) => set('companyAddress')(e.currentTarget.value)}
        />
      </FormSection>
      <FormSection id="event-region" title="Time zone and locale">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Time zone"
            searchable
            data={timeZones}
            value={values.timeZone}
            error={errors.timeZone}
            allowDeselect={false}
            onChange={(value) => value && set('timeZone')(value)}
          />
          <Select
            label="Locale"
            searchable
            data={[...LOCALES]}
            value={values.locale}
            error={errors.locale}
            allowDeselect={false}
            onChange={(value) => {
              const locale = LOCALES.find((l) => l === value);
              if (locale) set('locale')(locale);
            }}
          />
        </SimpleGrid>
      </FormSection>
    </SettingsForm>
  );
}

/** /admin/event: dates, names, organiser and region of the event. */
export function EventSettingsScreen() {
  const query = useSettings('event');
  return (
    <SettingsPage
      title="Event settings"
      query={query}
      tips="Dates show everywhere in the event's time zone and locale."
    >
      {(doc) => (
        <>
          <EventForm doc={doc} />
          <SignInProvidersSection />
          <NextEditionSection />
        </>
      )}
    </SettingsPage>
  );
}

export { EventSettingsScreen as Component };
