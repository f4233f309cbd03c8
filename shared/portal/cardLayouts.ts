import { z } from 'zod';
import { CORE_PAGE_IDS, type CorePageId, PORTAL_ICONS } from './corePages';

/**
 * Card layouts (spec, second document): exactly six cards each; one default layout that cannot be
 * deleted; a team type assigned to one layout only. Cards link to a core page or a content page.
 */
export const CARDS_PER_LAYOUT = 6;
export const LAYOUT_ERRORS = {
  invalidLayout: 'Invalid layout',
  invalidCards: 'Invalid cards',
  invalidCard: 'Invalid card',
  cannotDeleteDefault: "Can't delete the default layout",
  teamTypeAssigned: 'A team type can be assigned to only one layout',
  exactlySix: `A layout has exactly ${CARDS_PER_LAYOUT} cards`,
  notFound: 'Layout not found',
} as const;

export const CARD_TYPES = ['corePage', 'content'] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const cardBodySchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Required').max(60, 'At most 60 characters'),
    description: z.string().trim().max(200, 'At most 200 characters').default(''),
    icon: z.enum(PORTAL_ICONS, { message: 'Choose an icon from the list' }).default('star'),
    isMini: z.boolean().default(false),
    type: z.enum(CARD_TYPES),
    pathId: z.string(),
  })
  .superRefine((card, ctx) => {
    const ok =
      card.type === 'corePage'
        ? (CORE_PAGE_IDS as string[]).includes(card.pathId)
        : z.uuid().safeParse(card.pathId).success;
    if (!ok) ctx.addIssue({ code: 'custom', path: ['pathId'], message: 'Choose the page the card opens' });
  });
export type CardBody = z.input<typeof cardBodySchema>;

export const layoutBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(100, 'At most 100 characters'),
  cards: z.array(cardBodySchema).length(CARDS_PER_LAYOUT, LAYOUT_ERRORS.exactlySix),
  teamTypeIds: z
    .array(z.uuid())
    .max(200)
    .default(() => [])
    .refine((ids) => new Set(ids).size === ids.length, 'Each team type once'),
});
export type LayoutBody = z.input<typeof layoutBodySchema>;

export const cardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  icon: z.enum(PORTAL_ICONS),
  isMini: z.boolean(),
  type: z.enum(CARD_TYPES),
  pathId: z.string(),
});
export type Card = z.infer<typeof cardSchema>;

export const layoutSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isDefault: z.boolean(),
  cardIds: z.array(z.uuid()),
  cards: z.array(cardSchema),
  teamTypeIds: z.array(z.uuid()),
});
export type Layout = z.infer<typeof layoutSchema>;
export const layoutListResponseSchema = z.object({ items: z.array(layoutSchema) });
export const layoutParamsSchema = z.object({ eventId: z.uuid(), layoutId: z.uuid() });

/** The layout a team type sees: the one it is assigned to, else the default. */
export function layoutForTeamType<L extends { isDefault: boolean; teamTypeIds: readonly string[] }>(
  layouts: readonly L[],
  teamTypeId: string | null,
): L | undefined {
  const assigned = teamTypeId ? layouts.find((l) => l.teamTypeIds.includes(teamTypeId)) : undefined;
  return assigned ?? layouts.find((l) => l.isDefault);
}

/** Team types another layout holds: the picker shows them '(Assigned)' and disabled. */
export function assignedElsewhere(
  layouts: readonly { id: string; teamTypeIds: readonly string[] }[],
  layoutId: string | null,
): Set<string> {
  return new Set(layouts.filter((l) => l.id !== layoutId).flatMap((l) => l.teamTypeIds));
}

/** The first layout of an event: six cards for the core pages other than the dashboard. */
export function defaultLayoutCards(): z.output<typeof cardBodySchema>[] {
  const cards: [CorePageId, string, z.output<typeof cardBodySchema>['icon']][] = [
    ['tasks', 'What your team must do before the event, and by when.', 'tasks'],
    ['downloads', 'Manuals, floor plans and logos to download.', 'download'],
    ['forms', 'Orders and details the organisers need from you.', 'forms'],
    ['suppliers', 'Approved suppliers for stands, catering and services.', 'suppliers'],
    ['notifications', 'News and reminders from the organisers.', 'bell'],
    ['timeTable', 'The programme of the event, day by day.', 'calendar'],
  ];
  const titles: Record<CorePageId, string> = {
    dashboard: 'Dashboard',
    tasks: 'Tasks',
    downloads: 'Downloads',
    forms: 'Forms',
    suppliers: 'Suppliers',
    notifications: 'Notifications',
    timeTable: 'Time Table',
  };
  return cards.map(([pathId, description, icon]) => ({
    title: titles[pathId],
    description,
    icon,
    isMini: false,
    type: 'corePage',
    pathId,
  }));
}
