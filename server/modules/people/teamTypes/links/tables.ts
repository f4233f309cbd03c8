import { foreignKey, index, integer, type PgColumn, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { teamTypes } from '../../tables';

/**
 * The team types a row is shown to (or hidden from): one join table per list (decision 0065), in
 * place of the uuid[] columns that deleteTeamType had to clear by a hand-kept registry. Every one has
 * the same shape, so one set of queries (./queries.ts) reads and writes them all:
 *   (event_id, <owner>_id, team_type_id, position), primary key (event_id, owner, team type);
 *   (event_id, owner) -> owner ON DELETE CASCADE, (event_id, team_type_id) -> team_types ON DELETE
 *   CASCADE, so deleting the owner or the team type removes the link with no code of ours;
 *   position keeps the order the list was saved in (the API answers the list as it was given).
 * Event first in every key, as every tenant table (decision 0033, citusReadiness.test.ts).
 */
export function teamTypeLinks<Name extends string>(
  name: Name,
  ownerColumn: string,
  owner: { eventId: PgColumn; id: PgColumn },
) {
  return pgTable(
    name,
    {
      eventId: uuid('event_id').notNull(),
      ownerId: uuid(ownerColumn).notNull(),
      teamTypeId: uuid('team_type_id').notNull(),
      position: integer('position').notNull().default(0),
    },
    (t) => [
      primaryKey({ name: `${name}_pk`, columns: [t.eventId, t.ownerId, t.teamTypeId] }),
      foreignKey({
        name: `${name}_owner_fk`,
        columns: [t.eventId, t.ownerId],
        foreignColumns: [owner.eventId, owner.id],
      }).onDelete('cascade'),
      foreignKey({
        name: `${name}_team_type_fk`,
        columns: [t.eventId, t.teamTypeId],
        foreignColumns: [teamTypes.eventId, teamTypes.id],
      }).onDelete('cascade'),
      // The team type side: its cascade on delete, and "which rows are shown to this type".
      index(`${name}_event_team_type_idx`).on(t.eventId, t.teamTypeId),
    ],
  );
}

/** Any of the join tables above. */
export type TeamTypeLinks = ReturnType<typeof teamTypeLinks>;
