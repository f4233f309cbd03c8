import { NumberInput, Select, Stack, TextInput } from '@mantine/core';
import type { FormDetail } from '../../../../shared/forms/api';
import { reportName } from '../../../../shared/forms/labels';
import type { Field } from '../../../../shared/forms/schema/field';
import type { SendToType } from '../../../../shared/forms/schema/notification';

/** What each sendToType means, in the organiser's words. */
export const SEND_TO_LABELS: Record<SendToType, string> = {
  user: 'The person who submitted',
  admin: "The event's admins",
  field: 'The email answered in a field',
  template: 'An email inside a looping template',
};

export type Recipient = {
  sendToType: SendToType;
  sendTo: string;
  sendToFieldGroupId: string;
  sendToLoopIndex: number;
};

const option = (field: Field) => ({ value: field.id, label: reportName(field) });

/**
 * Send to, with the pickers its type needs: addresses for 'admin' (empty: the event's admins), an
 * email field of the form for 'field', a template, an email field of its group and a loop for
 * 'template'. Only choices the server accepts are offered.
 */
export function RecipientFields(props: {
  detail: FormDetail;
  value: Recipient;
  errors: Record<string, string>;
  onChange: (value: Recipient) => void;
}) {
  const { detail, value, errors, onChange } = props;
  const byId = new Map(detail.fields.map((f) => [f.id, f]));
  const formFields = detail.form.fieldIds.flatMap((id) => byId.get(id) ?? []);
  const emailFields = formFields.filter((f) => f.type === 'email');
  const templates = formFields.flatMap((f) => (f.type === 'template' ? [f] : []));
  const template = templates.find((f) => f.fieldGroupId === value.sendToFieldGroupId);
  const group = detail.fieldGroups.find((g) => g.id === value.sendToFieldGroupId);
  const groupEmails = (group?.fieldIds ?? []).flatMap((id) => {
    const field = byId.get(id);
    return field?.type === 'email' ? [field] : [];
  });
  const loops = template ? (template.isLooping ? template.maxLoops : 1) : 1;
  const change = (patch: Partial<Recipient>) => onChange({ ...value, ...patch });

  return (
    <Stack gap="sm">
      <Select
        label="Send to"
        required
        allowDeselect={false}
        data={Object.entries(SEND_TO_LABELS).map(([v, label]) => ({ value: v, label }))}
        value={value.sendToType}
        onChange={(type) =>
          type &&
          change({ sendToType: type as SendToType, sendTo: '', sendToFieldGroupId: '', sendToLoopIndex: 0 })
        }
      />
      {value.sendToType === 'admin' && (
        <TextInput
          label="Addresses"
          description="Separated by commas. Leave empty to send to the event's admins."
          value={value.sendTo}
          error={errors.sendTo}
          onChange={(e) => change({ sendTo: e.currentTarget.value })}
        />
      )}
      {value.sendToType === 'field' && (
        <Select
          label="Email field"
          required
          placeholder={emailFields.length === 0 ? 'The form has no email field' : 'Choose a field'}
          data={emailFields.map(option)}
          value={value.sendTo || null}
          error={errors.sendTo}
          onChange={(id) => change({ sendTo: id ?? '' })}
        />
      )}
      {value.sendToType === 'template' && (
        <>
          <Select
            label="Template"
            required
            placeholder={templates.length === 0 ? 'The form has no template' : 'Choose a template'}
            data={templates.map((t) => ({ value: t.fieldGroupId, label: reportName(t) }))}
            value={value.sendToFieldGroupId || null}
            error={errors.sendToFieldGroupId}
            onChange={(id) => change({ sendToFieldGroupId: id ?? '', sendTo: '', sendToLoopIndex: 0 })}
          />
          <Select
            label="Email field in the template"
            required
            disabled={!group}
            data={groupEmails.map(option)}
            value={value.sendTo || null}
            error={errors.sendTo}
            onChange={(id) => change({ sendTo: id ?? '' })}
          />
          <NumberInput
            label="Loop number"
            description={`Which repeat of the template holds the address (1 to ${loops}).`}
            min={1}
            max={loops}
            allowDecimal={false}
            value={value.sendToLoopIndex + 1}
            error={errors.sendToLoopIndex}
            onChange={(n) => change({ sendToLoopIndex: Math.max(0, Number(n || 1) - 1) })}
          />
        </>
      )}
    </Stack>
  );
}
