import { and, asc, eq } from 'drizzle-orm';
import type { CardBody } from '../../shared/portal/cardLayouts';
import { defaultLayoutCards } from '../../shared/portal/cardLayouts';
import type { Sidebar } from '../../shared/portal/sidebar';
import { contentPages } from '../modules/content/tables';
import { createDownload } from '../modules/downloads/service';
import { makePdf } from '../modules/files/samples';
import { storeUpload } from '../modules/files/upload/service';
import { teamTypes } from '../modules/people/tables';
import { setDashboardHeader } from '../modules/portal/dashboard/service';
import { createLayout, listLayoutsEnsured } from '../modules/portal/layouts/service';
import { saveFeatured, saveSidebar, updateCorePage } from '../modules/portal/structure/service';
import type { AppContext } from '../platform/context';
import { floorPlanPng, headerBannerJpeg, logoPackZip, priceListXlsx } from './demoPortalFiles';

/**
 * The demo event's portal: downloads with generated files, a dashboard header, a sidebar in three
 * sections, featured pages and a second card layout for sponsors. Runs after the content seed
 * (server/seed/demoContent.ts), since the sidebar, featured pages and cards link to its pages;
 * with no pages it still arranges the core pages.
 */

const ACTOR = 'system';

async function upload(
  ctx: AppContext,
  eventId: string,
  purpose: 'download' | 'branding',
  fileName: string,
  bytes: Buffer,
) {
  return storeUpload(ctx, { eventId, purpose, uploadedBy: ACTOR, fileName, bytes });
}

async function seedDownloads(ctx: AppContext, eventId: string) {
  const types = await ctx.db
    .select({ id: teamTypes.id, name: teamTypes.name })
    .from(teamTypes)
    .where(eq(teamTypes.eventId, eventId));
  const typeId = (name: string) => types.filter((t) => t.name === name).map((t) => t.id);
  const manual = makePdf([
    'Exhibitor manual 2027',
    'Build-up: two days before opening, 08:00 to 20:00.',
    'Breakdown: from 18:00 on the last day; halls clear by 14:00 the next day.',
    'Stand height limit: 4 metres; rigging needs approval by the venue.',
    'Food samples: portions of 30 g or less, served with tongs or cocktail sticks.',
    'Deliveries: book a 30-minute slot at the goods-in gate.',
  ]);
  const safety = makePdf([
    'Health and safety checklist',
    'Risk assessment uploaded before build-up.',
    'Fire extinguisher within 10 metres of any cooking equipment.',
    'Cables taped down or routed under the floor.',
    'First aid contact named on the stand.',
  ]);
  const files: { name: string; description: string; fileName: string; bytes: Buffer; extra?: object }[] = [
    {
      name: 'Exhibitor manual',
      description: 'Everything about build-up, breakdown, deliveries and stand rules.',
      fileName: 'Exhibitor manual 2027.pdf',
      bytes: manual,
      extra: { showToChildTeams: true },
    },
    {
      name: 'Floor plan',
      description: 'Hall 1 with stand numbers, aisles and the entrance.',
      fileName: 'Floor plan Hall 1.png',
      bytes: await floorPlanPng(),
      extra: { showToChildTeams: true },
    },
    {
      name: 'Logo pack',
      description: 'The show logo in green, white and black, for your own promotion.',
      fileName: 'Harbourside Expo logo pack.zip',
      bytes: await logoPackZip(),
    },
    {
      name: 'Stand extras price list',
      description: 'Power, lighting, furniture and Wi-Fi you can order for your stand.',
      fileName: 'Stand extras price list.xlsx',
      bytes: await priceListXlsx(),
      extra: { hideFromTeamTypeIds: typeId('Media Partner') },
    },
    {
      name: 'Health and safety checklist',
      description: 'What the venue checks on your stand before the doors open.',
      fileName: 'Health and safety checklist.pdf',
      bytes: safety,
      extra: {
        showToTeamTypeIds: [...typeId('Exhibitor'), ...typeId('Caterer'), ...typeId('Stand Builder')],
      },
    },
    {
      name: 'Sponsor brand guidelines',
      description: 'How your brand appears on signage, screens and the show guide.',
      fileName: 'Sponsor brand guidelines.pdf',
      bytes: makePdf([
        'Sponsor brand guidelines',
        'Logos: vector files, at least 1000 pixels wide for screens.',
        'Signage proofs are sent six weeks before the show.',
      ]),
      extra: { showToTeamTypeIds: typeId('Sponsor') },
    },
  ];
  for (const file of files) {
    const stored = await upload(ctx, eventId, 'download', file.fileName, file.bytes);
    await createDownload(
      ctx,
      eventId,
      { name: file.name, description: file.description, fileId: stored.id, ...file.extra },
      ACTOR,
    );
  }
}

export async function seedDemoPortal(ctx: AppContext, eventId: string) {
  await seedDownloads(ctx, eventId);

  const header = await upload(ctx, eventId, 'branding', 'Dashboard header.jpg', await headerBannerJpeg());
  await setDashboardHeader(ctx, { eventId, accountId: ACTOR }, header.id);

  // The time table is planned but not ready: it stays unpublished, as the spec's default.
  await updateCorePage(ctx.db, { eventId, accountId: ACTOR }, 'notifications', {
    title: 'News',
    icon: 'bell',
    isPublished: true,
  });

  const pages = await ctx.db
    .select({ id: contentPages.id, title: contentPages.title })
    .from(contentPages)
    .where(
      and(
        eq(contentPages.eventId, eventId),
        eq(contentPages.isArchived, false),
        eq(contentPages.isPublished, true),
      ),
    )
    .orderBy(asc(contentPages.createdAt), asc(contentPages.title));
  const pageIds = pages.map((p) => p.id);
  const sidebar: Sidebar = {
    sections: [
      {
        id: crypto.randomUUID(),
        heading: 'Home',
        itemIds: ['dashboard', 'notifications'],
        isCollapsable: false,
      },
      {
        id: crypto.randomUUID(),
        heading: 'Get ready',
        itemIds: ['tasks', 'forms', 'downloads', ...pageIds.slice(0, 3)],
        isCollapsable: false,
      },
      {
        id: crypto.randomUUID(),
        heading: 'At the show',
        itemIds: ['suppliers', 'timeTable', ...pageIds.slice(3, 8)],
        isCollapsable: true,
      },
    ],
  };
  await saveSidebar(ctx.db, { eventId, accountId: ACTOR }, sidebar);
  const featuredCount = pageIds.length >= 8 ? 8 : pageIds.length >= 4 ? 4 : 0;
  await saveFeatured(ctx.db, { eventId, accountId: ACTOR }, { contentIds: pageIds.slice(0, featuredCount) });

  await listLayoutsEnsured(ctx.db, { eventId });
  const sponsor = await ctx.db
    .select({ id: teamTypes.id })
    .from(teamTypes)
    .where(and(eq(teamTypes.eventId, eventId), eq(teamTypes.name, 'Sponsor')));
  const defaults = defaultLayoutCards();
  const contentCards: CardBody[] = pages.slice(0, 2).map((page) => ({
    title: page.title,
    description: 'Read it before the show.',
    icon: 'star',
    isMini: false,
    type: 'content',
    pathId: page.id,
  }));
  // The unpublished time table's card goes last, so it is the one left out when pages fill slots.
  const sponsorCards: CardBody[] = [
    ...contentCards,
    ...defaults.filter((c) => c.pathId !== 'timeTable'),
    ...defaults.filter((c) => c.pathId === 'timeTable'),
  ].slice(0, 6);
  await createLayout(
    ctx.db,
    { eventId, accountId: ACTOR },
    { name: 'Sponsors', cards: sponsorCards, teamTypeIds: sponsor.map((s) => s.id) },
  );
}
