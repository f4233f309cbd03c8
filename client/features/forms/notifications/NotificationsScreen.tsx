import { Badge, Group } from '@mantine/core';
import type { FormNotification } from '../../../../shared/forms/schema/notification';
import { FormPartList } from '../FormPartList';
import { useDeleteNotification, useNotifications } from '../notificationsApi';
import { SEND_TO_LABELS } from './RecipientFields';

const rulesOf = (n: FormNotification) =>
  n.rules.length === 0
    ? 'Every submission'
    : `${n.rules.length} ${n.rules.length === 1 ? 'rule' : 'rules'} (${n.operator})`;

const nameOf = (n: FormNotification) => n.name || 'Untitled notification';

/** /admin/forms/:formId/notifications (moderator and above): the form's emails, in the order added. */
export function NotificationsScreen() {
  return (
    <FormPartList
      noun="notification"
      plural="Notifications"
      segment="notifications"
      useList={useNotifications}
      useDelete={useDeleteNotification}
      nameOf={nameOf}
      viewPath={(n) => n.id}
      editPath={(n) => n.id}
      deleteConsequence={() => '. Its emails stop with the next submission.'}
      columns={[
        { key: 'sendTo', header: 'Send to', render: (n) => SEND_TO_LABELS[n.sendToType] },
        {
          key: 'flags',
          header: 'Status',
          render: (n) => (
            <Group gap={4}>
              {(n.isAdminDefault || n.isUserDefault) && <Badge variant="outline">Default</Badge>}
              <Badge variant={n.isActive ? 'filled' : 'light'} color={n.isActive ? 'portal' : 'gray'}>
                {n.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </Group>
          ),
        },
        { key: 'rules', header: 'Rules', render: rulesOf },
      ]}
      quickLinks={[
        { label: 'Builder', to: '' },
        { label: 'Confirmations', to: '/confirmations' },
        { label: 'Settings', to: '/settings' },
      ]}
      tips="When a form is submitted or a submission changes, every active notification whose rules match the answers sends its email."
    />
  );
}

export { NotificationsScreen as Component };
