import { Paper, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { EvaluationContext } from '../../../../shared/forms/definition';
import { evaluateVisibility } from '../../../../shared/forms/logic';
import type { SubmissionView, SubmitResult } from '../../../../shared/forms/submissionsApi';
import { submissionSummary } from '../../../../shared/forms/text';
import type { SubmissionProblem } from '../../../../shared/forms/validate';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { FormRenderer } from '../renderer/FormRenderer';
import { problemsOf, useDefinition } from './fillParts';

type Answers = Record<string, unknown>;
const noClient: EvaluationContext = { client: null };

/** A submission's answers as text, in the form's order, with totals (the engine writes each line). */
export function SubmissionAnswers({ view }: { view: SubmissionView }) {
  const definition = useDefinition(view.definition);
  const lines = useMemo(() => {
    const values = view.submission.values;
    const visibility = evaluateVisibility(definition, values, noClient);
    return submissionSummary(definition, values, visibility, {
      locale: 'en-GB',
      currency: view.definition.currency,
    });
  }, [definition, view]);
  if (lines.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text>No answers were given.</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Table aria-label="Answers">
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.fieldId}>
              <Table.Th scope="row" w="40%">
                {line.label}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{line.text}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * Changing a submitted form: the same renderer, started from the stored answers, saved against the
 * version that was opened (someone else's save in between is refused, not overwritten).
 */
export function SubmissionEditor({
  view,
  save,
  saving,
  onSaved,
}: {
  view: SubmissionView;
  save: (
    body: { values: Answers; version: number },
    handlers: {
      onSuccess: (result: SubmitResult) => void;
      onError: (error: unknown) => void;
    },
  ) => void;
  saving: boolean;
  onSaved: (result: SubmitResult) => void;
}) {
  const definition = useDefinition(view.definition);
  const feedback = useFeedback();
  const [problems, setProblems] = useState<SubmissionProblem[]>([]);
  return (
    <Stack gap="md" maw={760}>
      <FormRenderer
        definition={definition}
        currency={view.definition.currency}
        initialAnswers={view.submission.values}
        serverProblems={problems}
        submitLabel="Save changes"
        submitting={saving}
        onSubmit={(values) =>
          save(
            { values, version: view.submission.version },
            {
              onSuccess: (result) => {
                feedback.success();
                onSaved(result);
              },
              onError: (error) => {
                const found = problemsOf(error);
                if (found) setProblems(found);
                feedback.error(error);
              },
            },
          )
        }
      />
    </Stack>
  );
}
