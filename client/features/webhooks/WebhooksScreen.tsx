import { Badge, Text } from '@mantine/core';
import type { Webhook } from '../../../shared/forms/schema/webhook';
import { FormPartList } from '../forms/FormPartList';
import { useDeleteWebhook, useWebhooks } from './webhooksApi';

export const webhookName = (webhook: Pick<Webhook, 'name'>) => webhook.name || 'Untitled webhook';

/** /admin/forms/:formId/webhooks (admin only): the form's webhooks in the order added. */
export function WebhooksScreen() {
  return (
    <FormPartList
      noun="webhook"
      plural="Webhooks"
      segment="webhooks"
      useList={useWebhooks}
      useDelete={useDeleteWebhook}
      nameOf={webhookName}
      viewPath={(w) => w.id}
      editPath={(w) => `${w.id}/edit`}
      deleteConsequence={(w) =>
        `, with its delivery log. Submissions will no longer be sent to ${w.requestURL}.`
      }
      columns={[
        {
          key: 'request',
          header: 'Request',
          render: (w) => (
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {w.requestMethod} {w.requestURL} ({w.requestFormat})
            </Text>
          ),
        },
        {
          key: 'status',
          header: 'Status',
          render: (w) => (
            <Badge variant={w.isActive ? 'filled' : 'light'} color={w.isActive ? 'portal' : 'gray'}>
              {w.isActive ? 'Active' : 'Inactive'}
            </Badge>
          ),
        },
        {
          key: 'rules',
          header: 'Rules',
          render: (w) => (w.rules.length === 0 ? 'Every submission' : `${w.rules.length} (all must match)`),
        },
      ]}
      quickLinks={[
        { label: 'Builder', to: '' },
        { label: 'Confirmations', to: '/confirmations' },
      ]}
      tips="When a submission is made or changed, each active webhook whose rules all match sends the mapped answers to its URL, signed with its secret."
    />
  );
}

export { WebhooksScreen as Component };
