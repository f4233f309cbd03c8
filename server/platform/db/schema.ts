/** Every table, gathered for Drizzle and drizzle-kit. Each module owns its tables.ts. */
export * from '../../modules/auth/tables';
export * from '../../modules/emails/tables';
export * from '../../modules/events/tables';
export * from '../../modules/people/tables';
export * from '../../modules/tasks/tables';
