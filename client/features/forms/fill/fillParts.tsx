import { Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { useMemo } from 'react';
import type { FormDefinition } from '../../../../shared/forms/definition';
import { makeDefinition } from '../../../../shared/forms/definition';
import type { FillDefinition } from '../../../../shared/forms/submissionsApi';
import type { SubmissionProblem } from '../../../../shared/forms/validate';
import { isApiError } from '../../../lib/api';

/** The engine's definition of a form as the server sent it (made once per answer). */
export function useDefinition(fill: FillDefinition): FormDefinition {
  return useMemo(() => makeDefinition(fill.form, fill.fields, fill.fieldGroups), [fill]);
}

/**
 * The problems of a refused save, at their fields: the server's issue paths are [fieldId] or
 * [templateFieldId, loopIndex, fieldId] (shared/forms/submissionsApi.ts). Null for other errors.
 */
export function problemsOf(error: unknown): SubmissionProblem[] | null {
  if (!isApiError(error, 400)) return null;
  const problems = error.issues.flatMap((issue): SubmissionProblem[] => {
    const [first, loop, nested] = issue.path;
    if (typeof first !== 'string') return [];
    if (typeof loop === 'number' && typeof nested === 'string') {
      return [{ fieldId: nested, templateFieldId: first, loopIndex: loop, message: issue.message }];
    }
    return [{ fieldId: first, templateFieldId: null, loopIndex: null, message: issue.message }];
  });
  return problems.length > 0 ? problems : null;
}

/** A confirmation's message (HTML the server sanitised when it was saved), under the form's title. */
export function ConfirmationMessage({
  fill,
  confirmationId,
}: {
  fill: FillDefinition;
  confirmationId: string;
}) {
  const confirmation =
    fill.confirmations.find((c) => c.id === confirmationId) ?? fill.confirmations.find((c) => c.isDefault);
  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Stack gap="sm">
        <Title order={2}>Thank you</Title>
        {confirmation?.message ? (
          <Typography>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when the confirmation was saved */}
            <div dangerouslySetInnerHTML={{ __html: confirmation.message }} />
          </Typography>
        ) : (
          <Text>Your answers to {fill.form.title} have been received.</Text>
        )}
      </Stack>
    </Paper>
  );
}
