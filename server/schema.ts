/** Every table, gathered for Drizzle and drizzle-kit. Each module owns its tables.ts. */
export * from './modules/assets/tables';
export * from './modules/auth/tables';
export * from './modules/content/tables';
export * from './modules/downloads/tables';
export * from './modules/emails/tables';
export * from './modules/events/tables';
export * from './modules/files/tables';
export * from './modules/forms/tables';
export * from './modules/notifications/tables';
export * from './modules/people/import/tables';
export * from './modules/people/tables';
export * from './modules/portal/tables';
export * from './modules/submissions/tables';
export * from './modules/suppliers/tables';
export * from './modules/tasks/commentTables';
export * from './modules/tasks/tables';
export * from './modules/timetable/tables';
