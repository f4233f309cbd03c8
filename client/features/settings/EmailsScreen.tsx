import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { Settings } from '../../../shared/events/settings';
import { useSettings } from './api';
import { FormSection, SettingsForm, SettingsPage, useSettingsForm } from './SettingsPage';

const RECIPIENTS = [
  { value: 'all-users', label: 'All users' },
  { value: 'admin', label: 'Admin' },
  { value: 'team-leader', label: 'Team leader' },
] as const;

function EmailsForm({ doc }: { doc: Settings<'emails'> }) {
  const form = useSettingsForm('emails', doc);
  const { values, set, errors } = form;
  return (
    <SettingsForm onSubmit={form.submit} saving={form.saving}>
      <FormSection id="emails-addresses" title="Addresses">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="email"
            label="Support email"
            description="Shown to teams who need help"
            value={values.supportEmail}
            error={errors.supportEmail}
            onChange={(e) => set('supportEmail')(e.currentTarget.value)}
          />
          <TextInput
            type="email"
            label="From email"
            description="The sender of the event's emails"
            value={values.fromEmail}
            error={errors.fromEmail}
            onChange={(e) => set('fromEmail')(e.currentTarget.value)}
          />
        </SimpleGrid>
      </FormSection>
      <FormSection id="emails-reminders" title="Task reminders">
        <Switch
          label="Send task reminders"
          checked={values.taskRemindersEnabled}
          onChange={(e) => set('taskRemindersEnabled')(e.currentTarget.checked)}
        />
        <Select
          label="Send task reminders to"
          data={[...RECIPIENTS]}
          value={values.sendTaskRemindersTo}
          error={errors.sendTaskRemindersTo}
          disabled={!values.taskRemindersEnabled}
          allowDeselect={false}
          onChange={(value) => {
            const picked = RECIPIENTS.find((r) => r.value === value);
            if (picked) set('sendTaskRemindersTo')(picked.value);
          }}
        />
      </FormSection>
    </SettingsForm>
  );
}

/** /admin/emails: the support and sender addresses and task reminders. */
export function EmailsScreen() {
  const query = useSettings('emails');
  return (
    <SettingsPage title="Emails" query={query}>
      {(doc) => <EmailsForm doc={doc} />}
    </SettingsPage>
  );
}

export { EmailsScreen as Component };
