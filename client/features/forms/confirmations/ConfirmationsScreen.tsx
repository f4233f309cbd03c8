import { Badge, Group } from '@mantine/core';
import type { Confirmation } from '../../../../shared/forms/schema/confirmation';
import { useConfirmations, useDeleteConfirmation } from '../confirmationsApi';
import { FormPartList } from '../FormPartList';

/** What a confirmation's rules come to, for the list. */
export const rulesSummary = (confirmation: Confirmation) =>
  confirmation.isDefault
    ? 'Shown when no other matches'
    : confirmation.rules.length === 0
      ? 'No rules: never chosen'
      : `${confirmation.rules.length} ${confirmation.rules.length === 1 ? 'rule' : 'rules'} (${confirmation.operator})`;

const nameOf = (c: Confirmation) => c.name || 'Untitled confirmation';

/** /admin/forms/:formId/confirmations (moderator and above): default first, then in the order added. */
export function ConfirmationsScreen() {
  return (
    <FormPartList
      noun="confirmation"
      plural="Confirmations"
      segment="confirmations"
      useList={useConfirmations}
      useDelete={useDeleteConfirmation}
      nameOf={nameOf}
      viewPath={(c) => c.id}
      editPath={(c) => c.id}
      deleteConsequence={() => '. People who submit the form will see another confirmation.'}
      // The default is what everyone falls back on: it cannot be deleted (the server refuses too).
      canDelete={(c) => !c.isDefault}
      columns={[
        {
          key: 'flags',
          header: 'Status',
          render: (c) => (
            <Group gap={4}>
              {c.isDefault && <Badge variant="filled">Default</Badge>}
              <Badge variant={c.isActive ? 'filled' : 'light'} color={c.isActive ? 'portal' : 'gray'}>
                {c.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </Group>
          ),
        },
        { key: 'rules', header: 'Rules', render: rulesSummary },
      ]}
      quickLinks={[
        { label: 'Builder', to: '' },
        { label: 'Notifications', to: '/notifications' },
        { label: 'Settings', to: '/settings' },
      ]}
      tips="After submitting, a person sees the first active confirmation whose rules match their answers, or else the default."
    />
  );
}

export { ConfirmationsScreen as Component };
