import { sql } from 'drizzle-orm';
import type { SetupBody } from '../../../../shared/events/schema';
import type { AppContext } from '../../../platform/context';
import { withTransaction } from '../../../platform/db/transaction';
import { notFound } from '../../../platform/http/errors';
import { addUserToEvent } from '../../auth/accounts/service';
import { createSession } from '../../auth/sessions/service';
import { recordLogin } from '../../membership/service';
import { createEvent, isSetupRequired } from '../service';

/**
 * First-run setup: the first event and its first staff account, signed in. Only while there is no
 * account at all; afterwards a 404.
 */
export async function setUpFirstEvent(ctx: AppContext, body: SetupBody) {
  return withTransaction(ctx.db, async (tx) => {
    // Two setups racing: the lock makes the second one see the first one's account and stop.
    await tx.execute(sql`select pg_advisory_xact_lock(424242)`);
    if (!(await isSetupRequired(tx))) throw notFound();
    const eventId = await createEvent(tx, body.event, 'system');
    const { accountId } = await addUserToEvent(
      tx,
      {
        eventId,
        email: body.email,
        firstName: body.firstName,
        surname: body.surname,
        permissions: 'staff',
        password: body.password,
      },
      'system',
    );
    await recordLogin(tx, eventId, accountId);
    const token = await createSession(tx, accountId, eventId);
    return { eventId, userId: accountId, token };
  });
}
