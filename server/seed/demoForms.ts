import {
  cateringOrderFixture,
  exhibitorProfileFixture,
  hotelBookingFixture,
  standBuildFixture,
} from '../../shared/forms/fixtures';
import { parseFields } from '../../shared/forms/schema/field';
import { createFieldGroup } from '../modules/forms/fieldGroups/service';
import { type FieldOwner, planFieldChanges, writeFields } from '../modules/forms/fields/service';
import { importFixture, rekeyFixture } from '../modules/forms/fixtures/service';
import type { AppContext } from '../platform/context';
import { withTransaction } from '../platform/db/transaction';
import { systemActor } from '../platform/http/actor';
import { type SeededForm, seedDemoSubmissions } from './demoSubmissions';
import { seedDemoWebhooks } from './demoWebhooks';

/**
 * The forms engine's fixture forms as real forms of the demo event: stand build (pages and
 * nested logic), catering order (item lists and totals, confirmations by rule), exhibitor profile
 * and hotel booking (a looping guest template on the 'Guest details' field group), each with its
 * confirmations, default notifications and webhooks (inactive); and a reusable 'Site contact' group no form uses yet.
 * Teams have submitted and drafted them (demoSubmissions.ts).
 */
export const DEMO_FORM_FIXTURES = [
  standBuildFixture,
  cateringOrderFixture,
  exhibitorProfileFixture,
  hotelBookingFixture,
];

export async function seedDemoForms(ctx: AppContext, eventId: string) {
  return withTransaction(ctx.db, async (tx) => {
    const seeded: SeededForm[] = [];
    for (const fixture of DEMO_FORM_FIXTURES) {
      const keyed = rekeyFixture(fixture);
      const formId = await importFixture(tx, systemActor(eventId), fixture, keyed);
      seeded.push({ fixture, formId, idMap: keyed.idMap });
    }
    const formIds = seeded.map((form) => form.formId);
    await seedDemoSubmissions(tx, eventId, seeded);
    await seedDemoWebhooks(tx, eventId, seeded);
    const groupId = await createFieldGroup(ctx, systemActor(eventId), {
      title: 'Site contact',
      description: 'Who we call on the day.',
      isPublished: true,
    });
    const fields = parseFields([
      { id: crypto.randomUUID(), type: 'fullName', label: 'Contact name', isRequired: true },
      { id: crypto.randomUUID(), type: 'tel', label: 'Mobile number', isRequired: true },
      { id: crypto.randomUUID(), type: 'email', label: 'Email address' },
    ]);
    const owner: FieldOwner = { kind: 'fieldGroup', id: groupId };
    const changes = {
      fieldIds: fields.map((f) => f.id),
      newFields: fields,
      updatedFields: [],
      removedFieldIds: [],
    };
    await writeFields(
      tx,
      systemActor(eventId),
      owner,
      planFieldChanges(owner, [], changes, 'Invalid field group'),
    );
    return { formIds, fieldGroupIds: [groupId] };
  });
}
