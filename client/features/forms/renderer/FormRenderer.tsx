import { Button, Group, NumberInput, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { EvaluationContext, FormDefinition, SubmissionProblem } from '../../../../shared/forms';
import {
  computeTotals,
  evaluateVisibility,
  expandTemplate,
  fieldTypeOf,
  guestContext,
  loopLimit,
  nextPage,
  pagesToWalk,
  previousPage,
  setLoopCount,
  splitIntoPages,
  validateSubmission,
} from '../../../../shared/forms';
import { AnswerSlot } from './AnswerSlot';
import { totalsReads, useAnswersRead, visibilityReads } from './answerReads';
import { createAnswersStore, useAnswersOf } from './answersStore';
import type { FormImages } from './formImages';
import { LayoutItem } from './LayoutItem';
import { type SubmissionUploader, UploaderContext } from './UploadField';

export interface FormRendererProps {
  definition: FormDefinition;
  context?: EvaluationContext;
  currency?: string;
  /** The event's images that image fields name, by asset id (an unknown id shows nothing). */
  images?: FormImages;
  /** Called with the engine's stored values when the last page passes validation. */
  onSubmit?: (values: Record<string, unknown>) => void;
  /** Answers to start from (a draft, or a submission being edited). */
  initialAnswers?: Record<string, unknown>;
  /** Told of every change, for a draft that saves itself. */
  onAnswersChange?: (answers: Record<string, unknown>) => void;
  /** Problems the server found (the same engine, so rarely new): shown at their fields. */
  serverProblems?: readonly SubmissionProblem[];
  submitLabel?: string;
  submitting?: boolean;
  /** Further actions beside Submit, such as Save draft. */
  actions?: ReactNode;
  /** Sends an upload answer's files; without it (the builder's preview) files are read by name only. */
  uploader?: SubmissionUploader;
}

const problemKey = (problem: SubmissionProblem): string =>
  problem.templateFieldId
    ? `${problem.templateFieldId}/${problem.loopIndex}/${problem.fieldId}`
    : problem.fieldId;

/**
 * A form as a team sees it: its pages (split at newPage fields) with Next and Back, fields shown
 * and hidden live by the engine's logic, and the engine's validation messages. Everything that is
 * a rule is asked of shared/forms; this component only lays it out.
 */
export function FormRenderer({
  definition,
  context = guestContext,
  currency = 'GBP',
  images,
  onSubmit,
  initialAnswers,
  onAnswersChange,
  serverProblems,
  submitLabel = 'Submit',
  submitting = false,
  actions,
  uploader,
}: FormRendererProps) {
  // The answers are kept in a store, not in this component's state: a keystroke re-renders the
  // field typed in, and this component only when the engine reads that answer (answersStore.ts).
  const [store] = useState(() => createAnswersStore(initialAnswers ?? {}));
  const setAnswers = store.update;
  const [pageIndex, setPageIndex] = useState<number | null>(null);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const formRef = useRef<HTMLFormElement>(null);
  const [focusFirstProblem, setFocusFirstProblem] = useState(0);
  // The engine is asked again only when an answer it reads has changed: typing in a field that
  // no rule and no total reads keeps visibility and totals (and so every other field) as they were.
  const visibilityIds = useMemo(() => visibilityReads(definition), [definition]);
  const totalsIds = useMemo(() => totalsReads(definition), [definition]);
  // What this component reads of the answers (templates are among the visibility reads): it
  // re-renders when one of these changes, never for the other answers.
  const answers = useAnswersOf(
    store,
    useMemo(() => [...new Set([...visibilityIds, ...totalsIds])], [visibilityIds, totalsIds]),
  );
  const visibilityInputs = useAnswersRead(answers, visibilityIds);
  const totalsInputs = useAnswersRead(answers, totalsIds);
  const visibility = useMemo(
    () => evaluateVisibility(definition, visibilityInputs, context),
    [definition, visibilityInputs, context],
  );
  const walked = useMemo(() => pagesToWalk(definition, visibility), [definition, visibility]);
  const page =
    walked.find((candidate) => candidate.index === pageIndex) ?? walked[0] ?? splitIntoPages(definition)[0];
  const grandTotal = useMemo(
    () => computeTotals(definition, totalsInputs, visibility).grandTotal,
    [definition, totalsInputs, visibility],
  );
  const next = useMemo(
    () => (page ? nextPage(definition, visibility, page.index) : null),
    [definition, visibility, page],
  );
  const previous = useMemo(
    () => (page ? previousPage(definition, visibility, page.index) : null),
    [definition, visibility, page],
  );

  // Told of each change as the store takes it (outside any updater, which must stay pure); the
  // first answers are not a change.
  const changeListener = useRef(onAnswersChange);
  changeListener.current = onAnswersChange;
  useEffect(() => store.subscribe(() => changeListener.current?.(store.get())), [store]);

  /** Shows problems at their fields, opens the page of the first and focuses it. */
  const showProblems = (found: readonly SubmissionProblem[]) => {
    setProblems(new Map(found.map((problem) => [problemKey(problem), problem.message])));
    const first = found[0];
    if (!first) return;
    const owner = first.templateFieldId ?? first.fieldId;
    const onPage = walked.find((candidate) => candidate.fieldIds.includes(owner));
    if (onPage) setPageIndex(onPage.index);
    setFocusFirstProblem((n) => n + 1);
  };

  // Only a new answer from the server moves the person to its problems (showProblems reads the
  // current pages, which change as they type).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on serverProblems alone
  useEffect(() => {
    if (serverProblems && serverProblems.length > 0) showProblems(serverProblems);
  }, [serverProblems]);

  useEffect(() => {
    if (focusFirstProblem === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstProblem]);

  /** Checks the fields of the current page (or all pages at the end) with the engine. */
  const checkFields = (fieldIds: readonly string[] | null): boolean => {
    const result = validateSubmission(definition, store.get(), { context });
    const relevant = result.problems.filter(
      (problem) => fieldIds === null || fieldIds.includes(problem.templateFieldId ?? problem.fieldId),
    );
    showProblems(relevant);
    if (relevant.length === 0 && fieldIds === null) onSubmit?.(result.values);
    return relevant.length === 0;
  };

  if (!page) return <Text>This form has no fields yet.</Text>;
  const fieldIds = page.fieldIds.filter((id) => visibility.fields[id]);

  return (
    <UploaderContext.Provider value={uploader ?? null}>
      <Paper
        withBorder
        p="lg"
        radius="md"
        component="form"
        ref={formRef}
        aria-label={definition.form.title}
        onSubmit={(event) => event.preventDefault()}
        noValidate
      >
        <Stack gap="md">
          <Title order={2}>{definition.form.title}</Title>
          {walked.length > 1 && (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                Page {walked.indexOf(page) + 1} of {walked.length}
                {page.title ? `: ${page.title}` : ''}
              </Text>
              <Progress
                value={((walked.indexOf(page) + 1) / walked.length) * 100}
                size="sm"
                aria-label={`Page ${walked.indexOf(page) + 1} of ${walked.length}`}
              />
            </Stack>
          )}
          {fieldIds.map((id) => {
            const field = definition.fields[id];
            if (!field) return null;
            if (field.type === 'template') {
              const group = definition.fieldGroups[field.fieldGroupId];
              const loops = expandTemplate(definition, id, answers, visibility);
              return (
                <Stack key={id} gap="sm">
                  {field.isLooping && (
                    <NumberInput
                      label={field.label || group?.title || 'How many?'}
                      min={1}
                      max={loopLimit(field)}
                      value={loops.length}
                      onChange={(count) =>
                        setAnswers((current) => ({
                          ...current,
                          [id]: setLoopCount(field, current[id], Number(count) || 1),
                        }))
                      }
                    />
                  )}
                  {loops.map((loop) => (
                    <Stack key={loop.loopIndex} gap="sm" role="group" aria-label={loop.title}>
                      <Title order={4}>{loop.title}</Title>
                      {loop.fieldIds.map((nestedId) => {
                        const nested = definition.fields[nestedId];
                        if (!nested) return null;
                        return fieldTypeOf(nested).holdsValue ? (
                          <AnswerSlot
                            key={nestedId}
                            field={nested}
                            value={loop.values[nestedId]}
                            currency={currency}
                            error={problems.get(`${id}/${loop.loopIndex}/${nestedId}`)}
                            template={field}
                            loopIndex={loop.loopIndex}
                            store={store}
                          />
                        ) : (
                          <LayoutItem
                            key={nestedId}
                            field={nested}
                            grandTotal={grandTotal}
                            currency={currency}
                            images={images}
                          />
                        );
                      })}
                    </Stack>
                  ))}
                </Stack>
              );
            }
            return fieldTypeOf(field).holdsValue ? (
              <AnswerSlot key={id} field={field} currency={currency} error={problems.get(id)} store={store} />
            ) : (
              <LayoutItem
                key={id}
                field={field}
                grandTotal={grandTotal}
                currency={currency}
                images={images}
              />
            );
          })}
          <Group justify="space-between">
            {previous ? (
              <Button variant="default" onClick={() => setPageIndex(previous.index)}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              {actions}
              {next ? (
                <Button onClick={() => checkFields(page.fieldIds) && setPageIndex(next.index)}>Next</Button>
              ) : (
                <Button onClick={() => checkFields(null)} loading={submitting}>
                  {submitLabel}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </Paper>
    </UploaderContext.Provider>
  );
}
