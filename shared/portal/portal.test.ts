import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { terminologySchema } from '../events/settings';
import { assignedElsewhere, defaultLayoutCards, layoutBodySchema, layoutForTeamType } from './cardLayouts';
import { corePagesDocSchema, resolveCorePages } from './corePages';
import {
  FEATURED_ERRORS,
  featuredBodySchema,
  featuredHint,
  isValidFeaturedCount,
  shownFeatured,
  shownFeaturedCount,
} from './featured';
import { defaultSidebar, resolveSidebar, sidebarSchema } from './sidebar';

const terminology = terminologySchema.parse({});
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('core pages', () => {
  it('publishes every core page by default except the time table (spec)', () => {
    const pages = resolveCorePages(corePagesDocSchema.parse({}), terminology);
    expect(pages.map((p) => p.id)).toEqual([
      'dashboard',
      'downloads',
      'forms',
      'suppliers',
      'tasks',
      'timeTable',
      'notifications',
    ]);
    expect(pages.filter((p) => !p.isPublished).map((p) => p.id)).toEqual(['timeTable']);
    expect(pages.find((p) => p.id === 'timeTable')?.title).toBe('Time Table');
  });

  it('takes the terminology label unless the page has its own title', () => {
    const doc = corePagesDocSchema.parse({ tasks: { title: 'Checklist' } });
    const pages = resolveCorePages(doc, { ...terminology, downloads: 'Files' });
    expect(pages.find((p) => p.id === 'tasks')?.title).toBe('Checklist');
    expect(pages.find((p) => p.id === 'downloads')?.title).toBe('Files');
  });
});

describe('sidebar', () => {
  it('starts with one section of every core page', () => {
    expect(defaultSidebar().sections[0].itemIds).toHaveLength(7);
    expect(sidebarSchema.safeParse(defaultSidebar()).success).toBe(true);
  });

  it('refuses a page placed twice and unknown item ids', () => {
    const twice = {
      sections: [
        { id: uuid(1), heading: 'A', itemIds: ['tasks'] },
        { id: uuid(2), heading: 'B', itemIds: ['tasks'] },
      ],
    };
    expect(sidebarSchema.safeParse(twice).success).toBe(false);
    const unknown = { sections: [{ id: uuid(1), heading: 'A', itemIds: ['not-a-page'] }] };
    expect(sidebarSchema.safeParse(unknown).success).toBe(false);
  });

  it('shows the viewer only published core pages and visible content, and drops empty sections', () => {
    const pages = resolveCorePages(
      corePagesDocSchema.parse({ forms: { isPublished: false }, dashboard: { isPublished: false } }),
      terminology,
    );
    const sidebar = sidebarSchema.parse({
      sections: [
        {
          id: uuid(1),
          heading: 'Plan',
          itemIds: [uuid(10), 'tasks', 'timeTable', 'forms'],
          isCollapsable: true,
        },
        { id: uuid(2), heading: 'Hidden', itemIds: [uuid(11), 'dashboard'] },
      ],
    });
    const resolved = resolveSidebar(sidebar, pages, [
      { id: uuid(10), title: 'Floor plan', icon: 'map_outlined' },
    ]);
    expect(resolved).toHaveLength(1);
    expect(resolved[0]).toMatchObject({ heading: 'Plan', index: 0, isCollapsable: true });
    expect(resolved[0].items.map((i) => [i.label, i.path])).toEqual([
      ['Floor plan', `/content/${uuid(10)}`],
      ['Tasks', '/tasks'],
    ]);
  });

  it('never shows an item twice nor one the viewer may not see', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 20 })),
        (placed, visible) => {
          const sidebar = {
            sections: [{ id: uuid(100), heading: '', itemIds: placed.map(uuid), isCollapsable: false }],
          };
          const content = visible.map((n) => ({ id: uuid(n), title: `Page ${n}`, icon: 'x' }));
          const items = resolveSidebar(sidebar, [], content).flatMap((s) => s.items);
          expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
          for (const item of items) expect(visible.map(uuid)).toContain(item.id);
        },
      ),
    );
  });
});

describe('featured pages (spec: exactly 0, 4 or 8)', () => {
  it('accepts 0, 4 and 8 and nothing else', () => {
    for (let n = 0; n <= 9; n++) {
      const ok = featuredBodySchema.safeParse({
        contentIds: Array.from({ length: n }, (_, i) => uuid(i + 1)),
      }).success;
      expect(ok, `${n} pages`).toBe([0, 4, 8].includes(n));
      expect(isValidFeaturedCount(n)).toBe([0, 4, 8].includes(n));
    }
  });

  it("says the spec's rule when the count is wrong, and refuses a page twice", () => {
    const three = featuredBodySchema.safeParse({ contentIds: [uuid(1), uuid(2), uuid(3)] });
    expect(three.error?.issues[0].message).toBe(FEATURED_ERRORS.count);
    expect(featuredBodySchema.safeParse({ contentIds: [uuid(1), uuid(1), uuid(2), uuid(3)] }).success).toBe(
      false,
    );
  });

  it('hints at the nearest allowed count', () => {
    expect(featuredHint(4)).toBeNull();
    expect(featuredHint(3)).toBe('Choose 1 more or remove 3');
    expect(featuredHint(9)).toBe('Featured pages total exactly 0, 4 or 8: remove 1');
  });
});

describe('card layouts', () => {
  const body = { name: 'Exhibitors', cards: defaultLayoutCards(), teamTypeIds: [] };

  it('needs exactly six cards', () => {
    expect(layoutBodySchema.safeParse(body).success).toBe(true);
    expect(layoutBodySchema.safeParse({ ...body, cards: body.cards.slice(0, 5) }).success).toBe(false);
    expect(layoutBodySchema.safeParse({ ...body, cards: [...body.cards, body.cards[0]] }).success).toBe(
      false,
    );
  });

  it('refuses a card that links nowhere', () => {
    const bad = [{ ...body.cards[0], type: 'corePage', pathId: 'nowhere' }, ...body.cards.slice(1)];
    expect(layoutBodySchema.safeParse({ ...body, cards: bad }).success).toBe(false);
    const content = [{ ...body.cards[0], type: 'content', pathId: uuid(5) }, ...body.cards.slice(1)];
    expect(layoutBodySchema.safeParse({ ...body, cards: content }).success).toBe(true);
  });

  it('gives a team type its own layout, else the default', () => {
    const layouts = [
      { id: 'a', isDefault: true, teamTypeIds: [] },
      { id: 'b', isDefault: false, teamTypeIds: ['sponsor'] },
    ];
    expect(layoutForTeamType(layouts, 'sponsor')?.id).toBe('b');
    expect(layoutForTeamType(layouts, 'exhibitor')?.id).toBe('a');
    expect(layoutForTeamType(layouts, null)?.id).toBe('a');
    expect([...assignedElsewhere(layouts, 'a')]).toEqual(['sponsor']);
    expect([...assignedElsewhere(layouts, 'b')]).toEqual([]);
  });
});

describe('the featured-pages rule: the dashboard shows full rows of four', () => {
  it('shows none below 4, the first 4 from 4 to 7, and the first 8 from 8', () => {
    expect([0, 1, 3, 4, 5, 7, 8, 9, 12].map(shownFeaturedCount)).toEqual([0, 0, 0, 4, 4, 4, 8, 8, 8]);
    expect(shownFeatured(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('always shows an allowed count, from the start of the list, never more than it holds', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 20 }), (ids) => {
        const shown = shownFeatured(ids);
        expect(isValidFeaturedCount(shown.length)).toBe(true);
        expect(shown).toEqual(ids.slice(0, shown.length));
        // A list the featured-pages screen could save shows whole.
        if (isValidFeaturedCount(ids.length)) expect(shown).toEqual(ids);
      }),
    );
  });
});
