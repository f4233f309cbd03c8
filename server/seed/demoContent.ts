import { eq } from 'drizzle-orm';
import type { ContentSettingsBody } from '../../shared/content/api';
import { contentSettingsSchema } from '../../shared/content/api';
import type { SectionInput } from '../../shared/content/sections';
import { createAsset } from '../modules/assets/service';
import { saveSections } from '../modules/content/sections/service';
import { createContent, getContent } from '../modules/content/service';
import { captionJpeg, makePdf } from '../modules/files/samples';
import { storeUpload } from '../modules/files/upload/service';
import { teamTypes } from '../modules/people/tables';
import { suppliers } from '../modules/suppliers/tables';
import { taskGroups, tasks } from '../modules/tasks/tables';
import type { AppContext } from '../platform/context';
import type { DbOrTx } from '../platform/db/client';
import { withTransaction } from '../platform/db/transaction';
import { systemActor } from '../platform/http/actor';

/**
 * The demo event's content pages: a dozen pages an organiser of a food and drink show would
 * publish, using every section type, some restricted to a team type, some public, four featured.
 * Pages are made through the content service, so the seed passes the same checks as the editor.
 * Image and PDF sections hold files made on the spot (a generated PDF, generated pictures).
 */

type Lookups = {
  group: (title: string) => string;
  task: (title: string) => string;
  supplier: (company: string) => string | undefined;
  teamType: (name: string) => string;
};

type DemoPage = {
  settings: ContentSettingsBody;
  sections: (l: Lookups) => SectionInput[];
};

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

const table = (rows: string[][]): SectionInput => ({
  type: 'table',
  data: {
    isFixedWidth: true,
    isFirstRowHeader: true,
    columnCount: rows[0].length,
    rows: rows.map((cells) => ({ cells })),
  },
});

const PAGES: DemoPage[] = [
  {
    settings: {
      title: 'Exhibitor manual',
      description: 'Everything your team needs to know, from build-up to breakdown.',
      isPublished: true,
      icon: 'menu_book_outlined',
      isFeatured: true,
      showToChildTeams: true,
    },
    sections: (l) => [
      {
        type: 'richText',
        heading: 'Welcome to Harbourside',
        data:
          p(
            'Thank you for exhibiting at the <strong>Harbourside Food &amp; Drink Expo</strong>. This manual brings together the rules, deadlines and services for your stand.',
            'Please read it with everyone who will work on your stand, and keep an eye on your task list: deadlines are shown there too.',
          ) +
          '<h3>Key contacts</h3><ul><li>Exhibitor services: exhibitors@harbourside-expo.example</li><li>Operations desk (show days): Hall A, north entrance</li></ul>',
      },
      {
        type: 'callout',
        data: {
          text: 'The exhibitor manual was updated on 3 March: build-up now starts at 07:00.',
          variant: 'warning',
        },
      },
      { type: 'taskList', heading: 'Before you arrive', data: { id: l.group('Before you arrive') } },
      {
        type: 'resources',
        heading: 'Start here',
        data: [
          {
            type: 'task',
            id: l.task('Accept the exhibitor terms and conditions'),
            label: 'Accept the terms and conditions',
          },
          { type: 'task', id: l.task('Register your stand staff'), label: 'Register your stand staff' },
          { type: 'task', id: l.task('Send your company logo'), label: 'Send your logo for the show guide' },
        ],
      },
      { type: 'button', data: { text: 'See all your tasks', link: '/tasks' } },
    ],
  },
  {
    settings: {
      title: 'Venue & travel',
      description: 'Getting to Harbourside Hall by train, car and bike, and where to stay.',
      isPublished: true,
      isPublic: true,
      icon: 'directions_car_outlined',
      isFeatured: true,
      showToChildTeams: true,
    },
    sections: () => [
      { type: 'googleMaps', heading: 'Find us', data: 'Harbourside Hall, Canon’s Marsh, Bristol BS1 5DB' },
      {
        type: 'richText',
        heading: 'By train',
        data: p(
          'Bristol Temple Meads is a 15-minute walk along the harbourside. A free shuttle bus runs every 20 minutes on show days from 07:30.',
        ),
      },
      table([
        ['Car park', 'Distance', 'Exhibitor rate'],
        ['Harbourside West', '2 minutes', '£12 a day'],
        ['Millennium Square', '6 minutes', '£15 a day'],
        ['Cabot Circus', '20 minutes', '£9 a day'],
      ]),
      {
        type: 'button',
        data: { text: 'Book a partner hotel', link: 'https://hotels.harbourside-expo.example' },
      },
      {
        type: 'youTube',
        heading: 'Your route to the loading bay',
        data: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      },
    ],
  },
  {
    settings: {
      title: 'Stand build rules',
      description: 'Heights, materials, rigging and what the venue checks before opening.',
      isPublished: true,
      icon: 'construction_outlined',
      isFeatured: true,
      allowedTeamTypeIds: ['Exhibitor', 'Stand Builder', 'Sponsor'],
    },
    sections: (l) => [
      {
        type: 'callout',
        data: {
          text: 'Space-only stands must send a stand design by the deadline, or they will not be allowed to build.',
          variant: 'danger',
        },
      },
      table([
        ['Stand type', 'Maximum height', 'Design needed'],
        ['Shell scheme', '2.5 m', 'No'],
        ['Space only', '4 m', 'Yes, with structural calculations'],
        ['Island', '5 m', 'Yes, plus rigging plan'],
      ]),
      {
        type: 'richText',
        heading: 'Materials',
        data: '<ul><li>All timber must be flame retardant to BS 476 Part 7 Class 1.</li><li>No helium balloons, smoke machines or open flames.</li><li>Floor coverings must be taped down with residue-free tape.</li></ul>',
      },
      { type: 'taskList', heading: 'Your build tasks', data: { id: l.group('Stand build') } },
      { type: 'vimeo', heading: 'Build-up day in two minutes', data: 'https://vimeo.com/76979871' },
    ],
  },
  {
    settings: {
      title: 'Health & safety',
      description: 'Risk assessments, first aid and what happens in an emergency.',
      isPublished: true,
      icon: 'health_and_safety_outlined',
      isFeatured: true,
      showToChildTeams: true,
    },
    sections: (l) => [
      {
        type: 'richText',
        data: p(
          'Every exhibiting team must send a risk assessment and name a first aider before build-up. Hard hats and hi-vis vests are required in the halls during build-up and breakdown.',
        ),
      },
      {
        type: 'callout',
        data: {
          text: 'In an emergency call the operations desk on 0117 496 0000 or dial 999.',
          variant: 'danger',
        },
      },
      { type: 'taskList', data: { id: l.group('Health and safety') } },
      { type: 'youTube', heading: 'Fire safety briefing', data: 'dQw4w9WgXcQ' },
    ],
  },
  {
    settings: {
      title: 'Catering',
      description: 'Food hygiene, sampling, gas and refrigeration for food and drink stands.',
      isPublished: true,
      icon: 'restaurant_outlined',
      allowedTeamTypeIds: ['Caterer', 'Exhibitor'],
    },
    sections: (l) => [
      {
        type: 'richText',
        heading: 'Sampling',
        data: p(
          'Samples must be bite-sized (no more than 2 oz of food or 5 cl of drink). Alcohol may be sampled only by teams who have declared it.',
        ),
      },
      { type: 'taskList', heading: 'Catering tasks', data: { id: l.group('Catering and hygiene') } },
      table([
        ['Service', 'Order by', 'Price'],
        ['Refrigeration (500 l)', '4 weeks before', '£220'],
        ['Gas safety check', '2 weeks before', '£95'],
        ['Extra waste collection', 'On site', '£40'],
      ]),
      {
        type: 'callout',
        data: {
          text: 'Allergen information must be displayed on every stand serving food.',
          variant: 'info',
        },
      },
    ],
  },
  {
    settings: {
      title: 'Marketing toolkit',
      description: 'Logos, social media, press and how to promote your stand.',
      isPublished: true,
      icon: 'campaign_outlined',
      showToChildTeams: true,
    },
    sections: (l) => [
      {
        type: 'richText',
        data: p(
          'Use the show logo and the hashtag <strong>#HarbourFood27</strong> in your posts. Tag us and we will share the best ones on the show channels.',
        ),
      },
      {
        type: 'resources',
        heading: 'Get featured',
        data: [
          {
            type: 'task',
            id: l.task('Send a product image for social media'),
            label: 'Send a product image',
          },
          { type: 'task', id: l.task('Offer a show special'), label: 'Offer a show special' },
          { type: 'task', id: l.task('Book a press interview slot'), label: 'Book a press interview' },
        ],
      },
      {
        type: 'button',
        data: { text: 'Email the marketing team', link: 'mailto:marketing@harbourside-expo.example' },
      },
      {
        type: 'callout',
        data: { text: 'Show guide entries close six weeks before the show.', variant: 'warning' },
      },
    ],
  },
  {
    settings: {
      title: 'Deliveries & parking',
      description: 'Loading bay slots, vehicle passes and pallet collection.',
      isPublished: true,
      icon: 'local_shipping_outlined',
    },
    sections: (l) => [
      table([
        ['Day', 'Loading bay open', 'Notes'],
        ['Build-up day 1', '07:00–20:00', 'Space-only stands only'],
        ['Build-up day 2', '07:00–22:00', 'All stands'],
        ['Breakdown', '18:30–23:00', 'No vehicles before 19:00'],
      ]),
      { type: 'taskList', data: { id: l.group('Power, deliveries and parking') } },
      {
        type: 'googleMaps',
        heading: 'Loading bay entrance',
        data: 'https://www.google.com/maps/place/Anchor+Road,+Bristol/@51.4503,-2.6037,17z',
      },
    ],
  },
  {
    settings: {
      title: 'Recommended suppliers',
      description: 'Contractors who know the venue and its rules.',
      isPublished: true,
      icon: 'handshake_outlined',
    },
    sections: (l) => [
      {
        type: 'richText',
        data: p(
          'These suppliers work at Harbourside every year. You are free to use others, as long as they follow the stand build rules.',
        ),
      },
      {
        type: 'resources',
        heading: 'Stand builders',
        data: ['Stagecraft Exhibition Build', 'Modular Display Systems', 'Shell Scheme Direct']
          .map((company) => ({ company, id: l.supplier(company) }))
          .filter((s): s is { company: string; id: string } => s.id !== undefined)
          .map((s) => ({ type: 'supplier' as const, id: s.id, label: s.company })),
      },
    ],
  },
  {
    settings: {
      title: 'Show days timetable',
      description: 'Opening hours, talks and tastings.',
      isPublished: true,
      isPublic: true,
      icon: 'schedule_outlined',
      showToChildTeams: true,
    },
    sections: () => [
      table([
        ['', 'Trade day', 'Public day 1', 'Public day 2'],
        ['Doors open', '09:00', '10:00', '10:00'],
        ['Chef demo', '11:00', '12:00 and 15:00', '12:00'],
        ['Doors close', '17:00', '18:00', '17:00'],
      ]),
      {
        type: 'callout',
        data: { text: 'Exhibitors may enter the halls from 07:30 each day.', variant: 'info' },
      },
    ],
  },
  {
    settings: {
      title: 'Sponsor benefits',
      description: 'What your sponsorship package includes and when we need your materials.',
      isPublished: true,
      icon: 'workspace_premium_outlined',
      allowedTeamTypeIds: ['Sponsor'],
    },
    sections: (l) => [
      {
        type: 'richText',
        data: '<h3>Your package</h3><ol><li>Logo on the show website and all printed guides</li><li>A 20-minute slot on the main stage</li><li>Ten VIP passes for the trade day</li></ol>',
      },
      {
        type: 'resources',
        data: [
          { type: 'task', id: l.task('Approve your sponsor listing'), label: 'Approve your sponsor listing' },
        ],
      },
    ],
  },
  {
    settings: {
      title: 'Press information',
      description: 'For media partners: accreditation, press room and interview slots.',
      isPublished: true,
      icon: 'newspaper_outlined',
      allowedTeamTypeIds: ['Media Partner'],
    },
    sections: () => [
      {
        type: 'richText',
        data: p(
          'The press room is on the mezzanine above Hall A, open from 08:30. Wi-Fi details are on your badge.',
        ),
      },
      {
        type: 'button',
        data: { text: 'Email the press office', link: 'mailto:press@harbourside-expo.example' },
      },
    ],
  },
  {
    settings: {
      title: 'Sustainability pledge',
      description: 'Draft: how we will cut waste at the 2027 show.',
      isPublished: false,
      icon: 'eco_outlined',
    },
    sections: () => [
      {
        type: 'richText',
        data: p(
          'We are working towards a zero-waste-to-landfill show. The full pledge will be published in the spring.',
        ),
      },
      {
        type: 'callout',
        data: { text: 'Draft: not shown to teams yet.', variant: 'success' },
        isPublished: false,
      },
    ],
  },
];

async function lookups(tx: DbOrTx, eventId: string): Promise<Lookups> {
  const [groupRows, taskRows, supplierRows, typeRows] = await Promise.all([
    tx
      .select({ id: taskGroups.id, title: taskGroups.title })
      .from(taskGroups)
      .where(eq(taskGroups.eventId, eventId)),
    tx.select({ id: tasks.id, title: tasks.title }).from(tasks).where(eq(tasks.eventId, eventId)),
    tx
      .select({ id: suppliers.id, company: suppliers.company })
      .from(suppliers)
      .where(eq(suppliers.eventId, eventId)),
    tx
      .select({ id: teamTypes.id, name: teamTypes.name })
      .from(teamTypes)
      .where(eq(teamTypes.eventId, eventId)),
  ]);
  // A name the event lacks (a test that seeds teams but no tasks) gives '': withLinks drops it.
  const find = (rows: { id: string; key: string }[]) => (key: string) =>
    rows.find((r) => r.key === key)?.id ?? '';
  return {
    group: find(groupRows.map((g) => ({ id: g.id, key: g.title }))),
    task: find(taskRows.map((t) => ({ id: t.id, key: t.title }))),
    supplier: (company) => supplierRows.find((s) => s.company === company)?.id,
    teamType: find(typeRows.map((t) => ({ id: t.id, key: t.name }))),
  };
}

/** Sections whose linked records the event lacks are left out (or lose the missing links). */
function withLinks(sections: SectionInput[]): SectionInput[] {
  return sections.flatMap((section): SectionInput[] => {
    if (section.type === 'taskList') return section.data.id ? [section] : [];
    if (section.type === 'resources') {
      const data = section.data.filter((entry) => entry.id);
      return data.length > 0 ? [{ ...section, data }] : [];
    }
    return [section];
  });
}

async function seedPages(ctx: AppContext, tx: DbOrTx, eventId: string): Promise<Map<string, string>> {
  const l = await lookups(tx, eventId);
  const ids = new Map<string, string>();
  for (const page of PAGES) {
    const settings = contentSettingsSchema.parse({
      ...page.settings,
      allowedTeamTypeIds: (page.settings.allowedTeamTypeIds ?? []).map(l.teamType).filter(Boolean),
    });
    const created = await createContent(ctx, eventId, settings, 'system');
    await saveSections(ctx, eventId, created.id, { sections: withLinks(page.sections(l)) }, 'system');
    ids.set(settings.title, created.id);
  }
  return ids;
}

/** Adds sections after a page's own (as the editor would: the whole list, kept sections by id). */
async function appendSections(ctx: AppContext, eventId: string, contentId: string, extra: SectionInput[]) {
  await withTransaction(ctx.db, async (tx) => {
    const current = await getContent(tx, eventId, contentId);
    const kept = current.sections.map((section): SectionInput => {
      const { id, heading, isPublished } = section;
      if (section.type === 'pdf') {
        return {
          id,
          heading,
          isPublished,
          type: 'pdf',
          data: { fileName: section.data.fileName, fileIds: section.data.fileIds },
        };
      }
      return { id, heading, isPublished, type: section.type, data: section.data } as SectionInput;
    });
    await saveSections(ctx, eventId, contentId, { sections: [...kept, ...extra] }, 'system');
  });
}

/**
 * The demo pages, then their files: PDFs (purpose contentPdf) and image assets, stored outside the
 * pages' transaction (storage writes are not transactional) and added as sections afterwards.
 */
export async function seedDemoContent(ctx: AppContext, eventId: string): Promise<Map<string, string>> {
  const ids = await withTransaction(ctx.db, (tx) => seedPages(ctx, tx, eventId));
  const page = (title: string) => ids.get(title) ?? '';
  const pdf = async (fileName: string, lines: string[]) =>
    (
      await storeUpload(ctx, {
        eventId,
        purpose: 'contentPdf',
        uploadedBy: 'system',
        fileName,
        bytes: makePdf(lines),
      })
    ).id;
  const image = async (name: string, altText: string, colours: [string, string]) => {
    const bytes = await captionJpeg(name, colours, { width: 1600, height: 1000 });
    const file = await storeUpload(ctx, {
      eventId,
      purpose: 'asset',
      uploadedBy: 'system',
      fileName: `${name}.jpg`,
      bytes,
    });
    const asset = await createAsset(ctx, systemActor(eventId), { name, altText, fileId: file.id });
    return { assetId: asset.id, src: asset.data?.large ?? asset.url, altText };
  };

  const manual = await pdf('Exhibitor manual 2027.pdf', [
    'Harbourside Food & Drink Expo 2027: Exhibitor manual',
    'Build-up: two days before opening, 07:00 to 22:00.',
    'Breakdown: from 18:30 on the last show day.',
    'All stands must follow the stand build rules and the health and safety guidance.',
  ]);
  const hall = await image(
    'Harbourside Hall',
    'Harbourside Hall seen from the water, with the main entrance on the left',
    ['#1b5e20', '#66bb6a'],
  );
  await appendSections(ctx, eventId, page('Exhibitor manual'), [
    { type: 'image', heading: 'Your venue', data: hall },
    {
      type: 'pdf',
      heading: 'Download the manual',
      data: { fileName: 'Exhibitor manual 2027.pdf', fileIds: [manual] },
    },
  ]);
  const floorPlan = await image('Hall floor plan', 'Floor plan of Halls A and B with stand numbers', [
    '#0d47a1',
    '#42a5f5',
  ]);
  await appendSections(ctx, eventId, page('Venue & travel'), [
    { type: 'image', heading: 'Floor plan', data: floorPlan },
  ]);
  const riskTemplate = await pdf('Risk assessment template.pdf', [
    'Risk assessment template',
    'Hazard | Who might be harmed | Controls | Further action',
  ]);
  await appendSections(ctx, eventId, page('Health & safety'), [
    {
      type: 'pdf',
      heading: 'Risk assessment template',
      data: { fileName: 'Risk assessment template.pdf', fileIds: [riskTemplate] },
    },
  ]);
  return ids;
}
