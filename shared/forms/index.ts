/**
 * The forms engine: everything about forms that must behave the same in the browser (live logic
 * while filling in) and on the server (the same rules enforced when a submission arrives). Pure:
 * no I/O, no Node or DOM APIs. The meaning of logic is in docs/decisions/0002-form-logic.md.
 */

export type { LogicProblem, LogicProblemCode, LogicScope } from './check-logic';
export { canBeRuleSource, checkFormLogic, checkLogicMap, sourceTypeOf } from './check-logic';
// What a submission sets off: confirmation, notifications, webhooks.
export { pickConfirmation } from './confirmations';
// What one form is, and who fills it in.
export type { ClientData, EvaluationContext, FormDefinition } from './definition';
export { clientFullName, guestContext, makeDefinition } from './definition';
// Field group duplication, report labels and answers as text.
export type { DuplicatedFieldGroup, DuplicateOptions } from './duplicate';
export { duplicateFieldGroup, rekeyLogicMap } from './duplicate';
export type { ReportColumn } from './labels';
export { fieldNumbers, reportColumns, reportName } from './labels';
// Logic: visibility, rules, and the checks a logic map passes before it is saved.
export type { ScopeEvaluator, Visibility } from './logic';
export { evaluateGroupVisibility, evaluateVisibility, formEvaluator } from './logic';
export { formatMoney, minorToDecimal } from './money';
export type { NotificationContext, ResolvedNotification } from './notifications';
export { emailList, resolveNotifications } from './notifications';
// Pages, templates, validation, totals.
export type { FormPage } from './pages';
export { nextPage, pagesToWalk, previousPage, splitIntoPages } from './pages';
export { fieldTypeOf, fieldTypes, holdsValue } from './registry';
export type { ItemLine } from './registry/commerce';
export { itemLines, MAX_ITEM_QUANTITY, setItemQuantity } from './registry/commerce';
export { flatFullAddress, flatFullName, fullAddress, fullName, repeaterCells } from './registry/compound';
export {
  ACCEPT_GROUPS,
  acceptAttribute,
  BYTES_PER_MB,
  DEFAULT_MAX_FILE_SIZE_MB,
  maxFileSizeMB,
} from './registry/files';
export { loopCountOf, loopLimit } from './registry/template';
// Field types: settings, answers, validation and text, one entry per type.
export type { FieldTypeEntry, Reading, TextContext, ValidationMode } from './registry/types';
export { defaultTextContext } from './registry/types';
export type { AnswerReader } from './rules';
export { answerEquals, ruleMatches, rulesMatch } from './rules';
// Schemas and the spec's errors, so every edge parses the same way.
export * from './schema/common';
export * from './schema/confirmation';
export * from './schema/field';
export * from './schema/field-group';
export * from './schema/fields-answer';
export * from './schema/fields-other';
export * from './schema/form';
export * from './schema/logic';
export * from './schema/notification';
export * from './schema/submission';
export * from './schema/values';
export * from './schema/webhook';
export type { TemplateAnswer, TemplateLoop } from './templates';
export { expandTemplate, loopTitle, setLoopCount, setLoopValue } from './templates';
export type { AnswerLine } from './text';
export { answerText, reportRow, submissionSummary } from './text';
export type { FormTotals, ItemListTotal } from './totals';
export { computeTotals, formatTotal, itemListTotal } from './totals';
export type { SubmissionProblem, ValidationOptions, ValidationResult } from './validate';
export { validateSubmission } from './validate';
export type { Payload, PayloadValue } from './webhook-body';
export { encodePayload } from './webhook-body';
export type { WebhookRequest } from './webhooks';
export { buildWebhookPayload, buildWebhookRequest, webhookApplies, webhookHeaders } from './webhooks';
