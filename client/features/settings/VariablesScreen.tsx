import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { type Settings, TERMINOLOGY_KEYS, type TerminologyKey } from '../../../shared/events/settings';
import { useSession } from '../../lib/session';
import { QueryState } from '../../ui/QueryState';
import { useSettings } from './api';
import { currencyGroups } from './currencies';
import { FormSection, SettingsForm, SettingsPage, useSettingsForm } from './SettingsPage';

const TERMINOLOGY_LABELS: Record<TerminologyKey, string> = {
  dashboard: 'Dashboard',
  downloads: 'Downloads',
  forms: 'Forms',
  notifications: 'Notifications',
  suppliers: 'Suppliers',
  tasks: 'Tasks',
  timeTable: 'Time Table',
};

function VariablesForm({ doc }: { doc: Settings<'variables'> }) {
  const form = useSettingsForm('variables', doc);
  const { values, set, errors } = form;
  const locale = useSession().event?.locale ?? 'en-GB';
  const currencies = useMemo(() => currencyGroups(locale), [locale]);
  // NumberInput reports '' while the field is empty; the schema then says what is missing.
  const number = (key: 'teamMemberLimit' | 'dueSoonDays') => (value: string | number) =>
    set(key)(typeof value === 'number' ? value : Number.NaN);

  return (
    <SettingsForm onSubmit={form.submit} saving={form.saving}>
      <FormSection id="variables-teams" title="Teams and tasks">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Team member limit"
            description="A team is full when its members reach this number"
            min={1}
            max={1000}
            allowDecimal={false}
            value={Number.isNaN(values.teamMemberLimit) ? '' : values.teamMemberLimit}
            error={errors.teamMemberLimit}
            onChange={number('teamMemberLimit')}
          />
          <NumberInput
            label="Due soon days"
            description="Tasks due within this many days show as Due Soon"
            min={0}
            max={365}
            allowDecimal={false}
            value={Number.isNaN(values.dueSoonDays) ? '' : values.dueSoonDays}
            error={errors.dueSoonDays}
            onChange={number('dueSoonDays')}
          />
        </SimpleGrid>
      </FormSection>
      <FormSection id="variables-currency" title="Currency">
        <Select
          label="Currency"
          searchable
          data={currencies}
          value={values.currencyId}
          error={errors.currencyId}
          allowDeselect={false}
          maxDropdownHeight={320}
          onChange={(value) => value && set('currencyId')(value)}
        />
      </FormSection>
    </SettingsForm>
  );
}

function TerminologyForm({ doc }: { doc: Settings<'terminology'> }) {
  const form = useSettingsForm('terminology', doc);
  return (
    <SettingsForm onSubmit={form.submit} saving={form.saving}>
      <FormSection id="variables-terminology" title="Custom terminology">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {TERMINOLOGY_KEYS.map((key) => (
            <TextInput
              key={key}
              label={TERMINOLOGY_LABELS[key]}
              required
              value={form.values[key]}
              error={form.errors[key]}
              onChange={(e) => form.set(key)(e.currentTarget.value)}
            />
          ))}
        </SimpleGrid>
      </FormSection>
    </SettingsForm>
  );
}

/** /admin/variables: limits, currency and the names of the menu areas (two documents, two forms). */
export function VariablesScreen() {
  const variables = useSettings('variables');
  const terminology = useSettings('terminology');
  return (
    <SettingsPage
      title="Variables"
      query={variables}
      tips="Custom terminology renames the menu areas in the sidebar, breadcrumbs and headings for everyone."
    >
      {(doc) => (
        <>
          <VariablesForm doc={doc} />
          <QueryState
            query={terminology}
            loading="Loading custom terminology"
            failed="Custom terminology could not be loaded"
          >
            {(terms) => <TerminologyForm doc={terms} />}
          </QueryState>
        </>
      )}
    </SettingsPage>
  );
}

export { VariablesScreen as Component };
