import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useMemo } from 'react';
import { useParams } from 'react-router';
import type { FormDetail } from '../../../shared/forms/api';
import type { Operator } from '../../../shared/forms/schema/common';
import type { Rule } from '../../../shared/forms/schema/logic';
import type { Mutation } from '../../lib/mutation';
import { useSession } from '../../lib/session';
import type { SchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { groupFieldsLookup } from './builder/logicRules';
import { RulesEditor } from './builder/RulesEditor';
import { draftOf } from './builder/saveBody';
import { useForm } from './formsApi';
import { formsCrumbs } from './parts';

/**
 * The shell of the screens that add or edit one part of a form (a confirmation, a notification,
 * a webhook): the form loads first (its fields are what the rules name), then the part being
 * edited, and the editor gets both. The rules section and the Save/Cancel row are shared too, so
 * the three screens differ only in their own inputs.
 */

type Named = { id: string; name: string };

export type PartEditorProps<T> = { eventId: string; detail: FormDetail; record: T | null };

export function FormPartScreen<T extends Named>(props: {
  /** null when adding. */
  recordId: string | null;
  /** The part's name in the spec's words, singular and plural: 'notification', 'Notifications'. */
  noun: string;
  plural: string;
  /** The list's path segment under the form: 'notifications'. */
  segment: string;
  useRecord: (eventId: string, formId: string, recordId: string) => UseQueryResult<T>;
  children: (props: PartEditorProps<T>) => ReactNode;
}) {
  const { recordId, noun, useRecord } = props;
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { formId = '' } = useParams();
  const detail = useForm(eventId, formId);
  // An empty id keeps the query disabled when adding.
  const existing = useRecord(eventId, formId, recordId ?? '');
  const title = detail.data?.form.title ?? 'Form';
  const heading = recordId ? existing.data?.name || `Edit ${noun}` : `Add ${noun}`;
  return (
    <PageHeader
      title={heading}
      breadcrumbs={formsCrumbs(
        { label: title, to: `/admin/forms/${formId}` },
        { label: props.plural, to: `/admin/forms/${formId}/${props.segment}` },
        { label: recordId ? 'Edit' : 'Add' },
      )}
    >
      <QueryState query={detail} loading="Loading the form" failed="The form could not be loaded">
        {(data) =>
          recordId ? (
            <QueryState
              query={existing}
              loading={`Loading the ${noun}`}
              failed={`The ${noun} could not be loaded`}
            >
              {(record) => (
                // Another record remounts the editor, so its values start from that record.
                <Fragment key={record.id}>{props.children({ eventId, detail: data, record })}</Fragment>
              )}
            </QueryState>
          ) : (
            props.children({ eventId, detail: data, record: null })
          )
        }
      </QueryState>
    </PageHeader>
  );
}

/** What a rule may name: the form's fields, and the fields inside its templates' groups. */
export function useRulesScope(detail: FormDetail) {
  return useMemo(() => {
    const embedded = {
      fields: detail.fields.filter((f) => f.fieldGroupId !== ''),
      fieldGroups: detail.fieldGroups,
    };
    return { fields: draftOf(detail).fields, groupFieldsOf: groupFieldsLookup(embedded) };
  }, [detail]);
}

/** The rules of a part, under their heading; `hideOperator` when every rule must match. */
export function RulesSection(props: {
  detail: FormDetail;
  description: string;
  operator: Operator;
  rules: Rule[];
  hideOperator?: boolean;
  onChange: (operator: Operator, rules: Rule[]) => void;
}) {
  const scope = useRulesScope(props.detail);
  return (
    <Stack gap="xs" component="section" aria-label="Rules">
      <Title order={2} size="h5">
        Rules
      </Title>
      <Text size="sm" c="dimmed">
        {props.description}
      </Text>
      <RulesEditor
        operator={props.operator}
        rules={props.rules}
        scope={scope}
        disabled={false}
        hideOperator={props.hideOperator}
        onChange={props.onChange}
      />
    </Stack>
  );
}

/** Save (or Add when new) and Cancel. */
export function SaveCancel(props: { label: string; saving: boolean; onCancel: () => void }) {
  return (
    <Group>
      <Button type="submit" loading={props.saving}>
        {props.label}
      </Button>
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
    </Group>
  );
}

/**
 * Whether a body that failed the check in the browser would also have been refused by the server
 * for more than the screen's own checks (an empty name): then the screen shows the server's
 * message too, as it did when such bodies were sent.
 */
export function refusedBeyondOwnChecks(errors: FormErrors, own: Record<string, string | undefined>) {
  const named = Object.keys(own).filter((key) => own[key] !== undefined);
  return Object.keys(errors).some(
    (path) => path !== '' && !named.some((key) => path === key || path.startsWith(`${key}.`)),
  );
}

/**
 * The submit handler every part's editor uses: the body the schema accepted is saved; the server's
 * refusal goes beside the inputs and into the banner; a body the browser refused for more than the
 * screen's own checks shows the spec's message, as the server would have.
 */
export function usePartSubmit<Values extends Record<string, unknown>, Body, Answer>(
  form: SchemaForm<Values, Body>,
  save: Mutation<Answer, Error, Body, unknown>,
  options: {
    onSaved: (answer: Answer) => void;
    ownChecks: (values: Values) => Record<string, string | undefined>;
    /** The spec's message for a part the server refuses, e.g. FORM_ERRORS.invalidConfirmation. */
    invalid: string;
  },
) {
  const feedback = useFeedback();
  return form.onSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: options.onSaved,
        onError: (error) => {
          form.setServerErrors(error);
          feedback.error(error);
        },
      }),
    (failed) => {
      if (refusedBeyondOwnChecks(failed, options.ownChecks(form.getValues())))
        feedback.error(options.invalid);
    },
  );
}
