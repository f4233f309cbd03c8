import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { EvaluationContext, FormDefinition } from '../../../../shared/forms/definition';
import { evaluateVisibility } from '../../../../shared/forms/logic';
import { readFiles } from '../../../../shared/forms/registry/files';
import type { UploadedFile } from '../../../../shared/forms/schema/values';
import type { SubmissionView, SubmitResult } from '../../../../shared/forms/submissionsApi';
import { submissionSummary } from '../../../../shared/forms/text';
import type { SubmissionProblem } from '../../../../shared/forms/validate';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { FormRenderer } from '../renderer/FormRenderer';
import { makeSubmissionUploader } from './fillApi';
import { problemsOf, useDefinition } from './fillParts';

type Answers = Record<string, unknown>;
const noClient: EvaluationContext = { client: null };

/** An upload answer's stored files (each with the address to open it), or null for other fields. */
function filesOf(definition: FormDefinition, values: Answers, fieldId: string): UploadedFile[] | null {
  if (definition.fields[fieldId]?.type !== 'upload') return null;
  const reading = readFiles(values[fieldId]);
  return reading.status === 'value' ? reading.value : null;
}

/** An answer's text; files as links to open them. */
function AnswerCell({ text, files }: { text: string; files: UploadedFile[] | null }) {
  if (!files) return <>{text}</>;
  return (
    <Stack gap={2}>
      {files.map((file, index) =>
        file.url ? (
          <Anchor key={file.id ?? index} href={file.url} target="_blank" rel="noopener">
            {file.name}
          </Anchor>
        ) : (
          <Text key={file.id ?? index} size="sm">
            {file.name}
          </Text>
        ),
      )}
    </Stack>
  );
}

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
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                <AnswerCell
                  text={line.text}
                  files={filesOf(definition, view.submission.values, line.fieldId)}
                />
              </Table.Td>
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
  uploadUrl,
}: {
  view: SubmissionView;
  /** Where this submission's new files are sent (the team's upload route, with the submission). */
  uploadUrl: string;
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
  const submissionId = view.submission.id;
  const uploader = useMemo(
    () => makeSubmissionUploader(uploadUrl, { current: submissionId }),
    [uploadUrl, submissionId],
  );
  return (
    <Stack gap="md" maw={760}>
      <FormRenderer
        uploader={uploader}
        definition={definition}
        currency={view.definition.currency}
        images={view.definition.images}
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
