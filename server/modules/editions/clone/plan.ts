import { and, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { assets } from '../../assets/tables';
import { auditEntries, auditSettings } from '../../audit/tables';
import { eventSignInProviders, signInAttempts } from '../../auth/providers/tables';
import { authTokens, sessions } from '../../auth/tables';
import { contentPages, contentPageTeamTypes, contentSections } from '../../content/tables';
import { downloadHideTeamTypes, downloadShowTeamTypes, downloads } from '../../downloads/tables';
import { emailResponses, outboxEmails } from '../../emails/tables';
import { emailTemplates } from '../../emails/templates/tables';
import { settings } from '../../events/tables';
import { files } from '../../files/tables';
import {
  editLocks,
  fieldGroups,
  formConfirmations,
  formFields,
  formNotificationSends,
  formNotifications,
  forms,
} from '../../forms/tables';
import {
  notificationEmails,
  notificationReads,
  notifications,
  notificationTeamTypes,
} from '../../notifications/tables';
import { teamImportRows, teamImports } from '../../people/import/tables';
import { customFields, memberships, teams, teamTypes } from '../../people/tables';
import { cardLayouts, layoutCards, layoutTeamTypes } from '../../portal/tables';
import { formSubmissions, submissionEvents } from '../../submissions/tables';
import {
  supplierGroupMembers,
  supplierGroups,
  supplierHideTeamTypes,
  supplierShowTeamTypes,
  suppliers,
} from '../../suppliers/tables';
import { sentTaskReminders, taskGroups, taskStatuses, tasks, taskTeamTypes } from '../../tasks/tables';
import { taskComments, taskDisclaimerAcceptances, taskUploads } from '../../tasks/threads/tables';
import {
  calendarFeeds,
  timetableSessions,
  timetableSessionTeamTypes,
  timetableTracks,
} from '../../timetable/tables';
import { apiTokens } from '../../tokens/tables';
import { formWebhooks, webhookDeliveries } from '../../webhooks/tables';
import { eventClones } from '../tables';

/** The files that belong to the set-up (not to a team's upload or a submission). */
export const COPIED_FILE_PURPOSES = [
  'asset',
  'download',
  'contentPdf',
  'supplierLogo',
  'taskAttachment',
  'branding',
] as const;

/**
 * One table of the event's set-up as the clone copies it. Every row gets a new id; the event id
 * becomes the new event's; who made it becomes the organiser running the clone. Column names are
 * the Drizzle property names.
 */
export type CloneStep = {
  table: PgTable;
  /** uuid columns holding ids of copied rows: each id becomes its copy's id. */
  refs?: readonly string[];
  /**
   * text and jsonb columns that may hold ids inside them (logic maps and rules, links in rich
   * text, sidebar entries, storage keys): every copied row's id found in them, as a value or a
   * key, is replaced by its copy's.
   */
  idsIn?: readonly string[];
  /** Date or local date-time text columns moved by the clone's number of days. */
  dates?: readonly string[];
  /** Values the copy takes instead (a copied webhook starts inactive). */
  set?: Readonly<Record<string, unknown>>;
  /** Which of the event's rows are copied, when not all. */
  where?: () => SQL;
};

/** In order: a row's references are inserted before it (foreign keys hold at every insert). */
export const CLONE_PLAN: readonly CloneStep[] = [
  // The event's settings documents hold the sidebar, menu pages, branding (file ids),
  // terminology and the event's dates (moved by the clone; see shiftSettings).
  { table: settings, idsIn: ['data'] },
  { table: eventSignInProviders },
  { table: emailTemplates, idsIn: ['subject', 'body'] },
  { table: teamTypes },
  { table: customFields },
  {
    table: files,
    refs: ['ownerId'],
    idsIn: ['storageKey', 'variants'],
    // Only files their holder saved: an unclaimed upload (no owner) is left behind.
    where: () => and(inArray(files.ownerKind, [...COPIED_FILE_PURPOSES]), isNotNull(files.ownerId)) as SQL,
  },
  { table: assets, refs: ['fileId'] },
  { table: contentPages, refs: ['assetId'], idsIn: ['description', 'icon'] },
  // Team type lists (join tables, decision 0065): owner and team type both become their copies.
  { table: contentPageTeamTypes, refs: ['ownerId', 'teamTypeId'] },
  { table: contentSections, refs: ['pageId'], idsIn: ['data', 'heading'] },
  { table: downloads, refs: ['fileId'], idsIn: ['description'] },
  { table: downloadShowTeamTypes, refs: ['ownerId', 'teamTypeId'] },
  { table: downloadHideTeamTypes, refs: ['ownerId', 'teamTypeId'] },
  { table: cardLayouts },
  { table: layoutCards, refs: ['layoutId'], idsIn: ['pathId', 'description'] },
  { table: layoutTeamTypes, refs: ['teamTypeId', 'layoutId'] },
  { table: taskGroups },
  { table: fieldGroups, idsIn: ['logicMap', 'description'] },
  { table: forms, idsIn: ['logicMap', 'description'] },
  { table: formFields, refs: ['formId', 'groupId', 'embedsGroupId'], idsIn: ['settings'] },
  { table: formConfirmations, refs: ['formId'], idsIn: ['rules', 'message'] },
  { table: formNotifications, refs: ['formId'], idsIn: ['settings'] },
  {
    table: formWebhooks,
    refs: ['formId'],
    idsIn: ['rules', 'payloadFields', 'requestUrl'],
    set: { isActive: false },
  },
  {
    table: tasks,
    refs: ['groupId', 'formId'],
    idsIn: ['description', 'disclaimer', 'externalLink'],
    dates: ['dueDate'],
  },
  { table: taskTeamTypes, refs: ['ownerId', 'teamTypeId'] },
  { table: supplierGroups },
  {
    table: suppliers,
    refs: ['logoFileId'],
    idsIn: ['logoUrl', 'contacts', 'description'],
  },
  { table: supplierShowTeamTypes, refs: ['ownerId', 'teamTypeId'] },
  { table: supplierHideTeamTypes, refs: ['ownerId', 'teamTypeId'] },
  { table: supplierGroupMembers, refs: ['groupId', 'supplierId'] },
  { table: timetableTracks },
  {
    table: timetableSessions,
    refs: ['trackId', 'linkId'],
    idsIn: ['description'],
    dates: ['startsAt', 'endsAt'],
  },
  { table: timetableSessionTeamTypes, refs: ['ownerId', 'teamTypeId'] },
];

/**
 * Every other table with an event_id, and why the clone leaves it behind: the people, what they
 * did, and what the platform recorded. The runner's admin membership is written by the clone
 * itself. A test checks that the two lists cover every table with an event_id, so a new table
 * must be placed in one of them.
 */
export const NOT_CLONED: readonly { table: PgTable; why: string }[] = [
  { table: teams, why: 'teams are the people of an edition' },
  { table: memberships, why: 'users; only the runner is made admin of the copy' },
  { table: taskStatuses, why: 'statuses' },
  { table: taskComments, why: 'comments' },
  { table: taskUploads, why: "a team's uploads" },
  { table: taskDisclaimerAcceptances, why: "a team's acceptance" },
  { table: sentTaskReminders, why: 'a log of reminders sent' },
  { table: formSubmissions, why: 'submissions' },
  { table: submissionEvents, why: 'submissions' },
  { table: formNotificationSends, why: 'a log of emails sent' },
  { table: webhookDeliveries, why: 'a log of deliveries' },
  { table: editLocks, why: 'a person editing now' },
  { table: notifications, why: 'notifications' },
  { table: notificationReads, why: 'notifications' },
  { table: notificationTeamTypes, why: 'notifications' },
  { table: notificationEmails, why: 'notifications' },
  { table: outboxEmails, why: 'a log of emails sent' },
  { table: emailResponses, why: 'a log of emails sent' },
  { table: teamImports, why: 'imports of teams' },
  { table: teamImportRows, why: 'imports of teams' },
  { table: sessions, why: 'sign-ins' },
  { table: authTokens, why: 'sign-in links' },
  { table: signInAttempts, why: 'sign-ins' },
  { table: calendarFeeds, why: "a person's calendar link" },
  { table: eventClones, why: 'the clone jobs of the event copied' },
  { table: apiTokens, why: "secrets for the first edition's integrations; an admin makes new ones" },
  { table: auditEntries, why: "the first edition's history" },
  { table: auditSettings, why: 'retention starts at its default; an admin sets it again' },
];
