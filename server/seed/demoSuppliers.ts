import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ContactInput } from '../../shared/suppliers/schema';
import { LOGO_PURPOSE, LOGO_SIZE, supplierBodySchema } from '../../shared/suppliers/schema';
import { storeUpload } from '../modules/files/upload/service';
import { teamTypes } from '../modules/people/tables';
import { createSupplierGroup } from '../modules/suppliers/groups/service';
import { createSupplier } from '../modules/suppliers/service';
import type { AppContext } from '../platform/context';
import { SYSTEM_ACTOR } from '../platform/db/columns';
import { withTransaction } from '../platform/db/transaction';

/**
 * 25 believable suppliers in 5 supplier types for the demo event: some featured, most with
 * contacts, a few limited by team type (caterers do not see rival caterers, stand builders do not
 * see rival stand builders), and generated logos (initials on a colour, made with sharp) for most.
 */

type DemoSupplier = {
  company: string;
  blurb: string;
  featured?: boolean;
  /** No logo: the directory shows initials instead. */
  noLogo?: boolean;
  contacts: [first: string, surname: string, jobTitle: string, phone: string][];
  /** Team type names the supplier is shown to or hidden from. */
  showTo?: string[];
  hideFrom?: string[];
};

const TYPES: Record<string, { colour: string; suppliers: DemoSupplier[] }> = {
  'Stand builders': {
    colour: '#1d6f42',
    suppliers: [
      {
        company: 'Stagecraft Exhibition Build',
        blurb: 'Custom stands from 9 to 200 m², designed and built in Leeds.',
        featured: true,
        contacts: [
          ['Rachel', 'Morgan', 'Project Director', '+44 113 496 0182'],
          ['Owen', 'Price', 'Site Manager', '+44 7700 900311'],
        ],
        hideFrom: ['Stand Builder'],
      },
      {
        company: 'Modular Display Systems',
        blurb: 'Reusable modular stands with graphics printed in house.',
        contacts: [['Leah', 'Foster', 'Account Manager', '+44 161 496 0734']],
        hideFrom: ['Stand Builder'],
      },
      {
        company: 'Shell Scheme Direct',
        blurb: 'Shell scheme upgrades: fascia boards, carpets and lighting packs.',
        contacts: [['Ian', 'Doyle', 'Sales Lead', '+44 121 496 0457']],
      },
      {
        company: 'Timber & Frame Studio',
        blurb: 'Sustainable timber stands, rebuilt for every show.',
        noLogo: true,
        contacts: [['Freya', 'Lund', 'Designer', '+44 117 496 0911']],
        hideFrom: ['Stand Builder'],
      },
      {
        company: 'Pop-Up Pavilions',
        blurb: 'Pop-up counters and banner walls delivered flat-packed.',
        contacts: [],
      },
    ],
  },
  'AV & lighting': {
    colour: '#3b3f99',
    suppliers: [
      {
        company: 'Bright Sparks AV',
        blurb: 'Screens, sound and lighting rigs, installed overnight.',
        featured: true,
        contacts: [['Kwame', 'Mensah', 'Technical Director', '+44 20 7946 0321']],
      },
      {
        company: 'Lumen Event Lighting',
        blurb: 'Stand lighting design with low-energy LED fixtures.',
        contacts: [['Sara', 'Novak', 'Lighting Designer', '+44 20 7946 0876']],
      },
      {
        company: 'Clearview Screens',
        blurb: 'LED walls and touchscreens for hire by the day.',
        contacts: [['Tom', 'Hardy', 'Hire Desk', '+44 1632 960 145']],
      },
      {
        company: 'SoundSpace Audio',
        blurb: 'Headset PA and demo-kitchen microphones.',
        noLogo: true,
        contacts: [['Nadia', 'Rahman', 'Audio Engineer', '+44 1632 960 552']],
      },
      {
        company: 'Pixel Stream Live',
        blurb: 'Live streaming and recording of stand demonstrations.',
        contacts: [['Luca', 'Bianchi', 'Producer', '+44 20 7946 0198']],
        showTo: ['Exhibitor', 'Sponsor'],
      },
    ],
  },
  'Furniture hire': {
    colour: '#8a4b08',
    suppliers: [
      {
        company: 'Harbour Furniture Hire',
        blurb: 'Tables, stools and counters delivered to your stand.',
        featured: true,
        contacts: [['Megan', 'Hughes', 'Hire Coordinator', '+44 29 2018 0443']],
      },
      {
        company: 'Lounge Loft Event Seating',
        blurb: 'Sofas and lounge sets for hospitality areas.',
        contacts: [['Ben', 'Carter', 'Sales', '+44 29 2018 0671']],
        showTo: ['Sponsor'],
      },
      {
        company: 'Counter Culture Displays',
        blurb: 'Refrigerated and ambient display counters.',
        contacts: [['Priti', 'Shah', 'Account Manager', '+44 116 496 0288']],
      },
      {
        company: 'Green Leaf Plants',
        blurb: 'Living plants and floral dressing for stands.',
        noLogo: true,
        contacts: [['Holly', 'Green', 'Owner', '+44 7700 900 456']],
      },
      {
        company: 'Cool Box Refrigeration',
        blurb: 'Fridges, freezers and blast chillers on short hire.',
        contacts: [['Marek', 'Wiśniewski', 'Service Engineer', '+44 7700 900 789']],
      },
    ],
  },
  Catering: {
    colour: '#b3261e',
    suppliers: [
      {
        company: 'Quayside Catering Co',
        blurb: 'Stand catering and hospitality platters, delivered hourly.',
        featured: true,
        contacts: [['Chloe', 'Evans', 'Events Manager', '+44 191 496 0312']],
        hideFrom: ['Caterer'],
      },
      {
        company: 'Morning Roast Coffee Carts',
        blurb: 'Barista carts for your stand, staffed or self-serve.',
        contacts: [['Jamal', 'Idris', 'Operations', '+44 191 496 0977']],
        hideFrom: ['Caterer'],
      },
      {
        company: 'Fresh Water Direct',
        blurb: 'Water coolers and bottled water for the whole show.',
        contacts: [['Anna', 'Kerr', 'Customer Service', '+44 141 496 0034']],
      },
      {
        company: 'The Canapé Kitchen',
        blurb: 'Canapés and bowl food for evening receptions.',
        noLogo: true,
        contacts: [['Oliver', 'Grant', 'Head Chef', '+44 141 496 0620']],
        hideFrom: ['Caterer'],
      },
      { company: 'Ice & Slice', blurb: 'Ice deliveries and fruit for drinks stations.', contacts: [] },
    ],
  },
  Logistics: {
    colour: '#005a8d',
    suppliers: [
      {
        company: 'Dockside Freight Forwarding',
        blurb: 'Show freight, customs clearance and storage.',
        featured: true,
        contacts: [
          ['Helen', 'Walsh', 'Show Logistics Lead', '+44 151 496 0563'],
          ['Samir', 'Haddad', 'Customs Broker', '+44 151 496 0240'],
        ],
      },
      {
        company: 'Last Mile Couriers',
        blurb: 'Same-day courier runs to and from the venue.',
        contacts: [['Gary', 'Benson', 'Dispatcher', '+44 151 496 0888']],
      },
      {
        company: 'Forklift & Crew',
        blurb: 'Forklifts and handling crews for build-up and breakdown.',
        contacts: [['Dean', 'Murphy', 'Crew Chief', '+44 7700 900 123']],
      },
      {
        company: 'Secure Store Warehousing',
        blurb: 'Empty-case storage and overnight secure cages.',
        noLogo: true,
        contacts: [['Ruth', 'Ellis', 'Warehouse Manager', '+44 151 496 0411']],
      },
      {
        company: 'Cold Chain Express',
        blurb: 'Chilled and frozen transport for food exhibitors.',
        contacts: [['Viktor', 'Petrov', 'Transport Planner', '+44 151 496 0732']],
        showTo: ['Exhibitor', 'Caterer'],
      },
    ],
  },
};

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 256x256 PNG logo: the company's initials on its type's colour (spec: logos are 256x256 PNG q80). */
export async function initialsLogo(company: string, colour: string): Promise<Buffer> {
  const initials = company
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}">
  <rect width="100%" height="100%" rx="32" fill="${colour}"/>
  <text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
    font-size="104" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ quality: 80 }).toBuffer();
}

const email = (first: string, surname: string, company: string) =>
  `${first}.${surname}@${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9.@]/g, '');

/**
 * Adds the demo suppliers to an event that has the demo teams. The logos are stored first, through
 * the files module as an upload would be (unclaimed until their supplier is saved); then the types
 * and suppliers go in one transaction, which claims them.
 */
export async function seedDemoSuppliers(ctx: AppContext, eventId: string): Promise<number> {
  const logos = new Map<string, string>();
  for (const { colour, suppliers } of Object.values(TYPES)) {
    for (const s of suppliers.filter((x) => !x.noLogo)) {
      const row = await storeUpload(ctx, {
        eventId,
        purpose: LOGO_PURPOSE,
        uploadedBy: SYSTEM_ACTOR,
        fileName: `${s.company.toLowerCase().replace(/[^a-z]+/g, '-')}.png`,
        bytes: await initialsLogo(s.company, colour),
      });
      logos.set(s.company, row.id);
    }
  }
  return withTransaction(ctx.db, async (tx) => {
    const types = await tx
      .select({ id: teamTypes.id, name: teamTypes.name })
      .from(teamTypes)
      .where(eq(teamTypes.eventId, eventId));
    const typeIds = (names: string[] = []) =>
      names.flatMap((name) => types.find((t) => t.name === name)?.id ?? []);
    let made = 0;
    for (const [title, { suppliers }] of Object.entries(TYPES)) {
      const group = await createSupplierGroup(tx, eventId, title, SYSTEM_ACTOR);
      for (const s of suppliers) {
        const contacts: ContactInput[] = s.contacts.map(([firstName, surname, jobTitle, phone]) => ({
          firstName,
          surname,
          jobTitle,
          phone,
          email: email(firstName, surname, s.company),
        }));
        const slug = s.company.toLowerCase().replace(/[^a-z]+/g, '');
        const body = supplierBodySchema.parse({
          company: s.company,
          description: `<p>${escapeXml(s.blurb)}</p><p>Quote the <strong>Harbourside Expo</strong> when you book.</p>`,
          website: `https://www.${slug}.example`,
          logoFileId: logos.get(s.company) ?? null,
          isFeatured: s.featured ?? false,
          contacts,
          showToTeamTypeIds: typeIds(s.showTo),
          hideFromTeamTypeIds: typeIds(s.hideFrom),
          groupIds: [group.id],
        });
        await createSupplier(ctx, eventId, body, SYSTEM_ACTOR);
        made += 1;
      }
    }
    return made;
  });
}
