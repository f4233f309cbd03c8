import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSuppliers, groupSuppliers, supplierTypesLabel } from './groups';

const supplier = (id: string, company = id, isFeatured = false) => ({ id, company, isFeatured });
const group = (id: string, supplierIds: string[], isArchived = false) => ({
  id,
  title: `Type ${id}`,
  supplierIds,
  isArchived,
});

describe('groupSuppliers', () => {
  it('keeps the groups in order, puts featured suppliers first, then by company, then Unassigned', () => {
    const suppliers = [
      supplier('a', 'Zeta Stands'),
      supplier('b', 'Alpha Stands'),
      supplier('c', 'Mid Stands', true),
      supplier('d', 'Beta Lighting'),
      supplier('e', 'Apex Catering', true),
      supplier('f', 'Crate Co'),
    ];
    const sections = groupSuppliers([group('stands', ['a', 'b', 'c']), group('av', ['d'])], suppliers);
    expect(sections.map((s) => [s.groupId, s.title, s.suppliers.map((x) => x.id)])).toEqual([
      ['stands', 'Type stands', ['c', 'b', 'a']],
      ['av', 'Type av', ['d']],
      ['unassigned', 'Unassigned', ['e', 'f']],
    ]);
  });

  it('shows a supplier of two types under both, and leaves out archived and empty groups', () => {
    const sections = groupSuppliers(
      [group('one', ['x']), group('two', ['x', 'missing']), group('old', ['y'], true), group('empty', [])],
      [supplier('x'), supplier('y')],
    );
    expect(sections.map((s) => [s.groupId, s.suppliers.map((x) => x.id)])).toEqual([
      ['one', ['x']],
      ['two', ['x']],
      ['unassigned', ['y']],
    ]);
  });

  it('has no Unassigned group when every supplier has a type, and no sections for no suppliers', () => {
    expect(groupSuppliers([group('g', ['a'])], [supplier('a')]).map((s) => s.groupId)).toEqual(['g']);
    expect(groupSuppliers([group('g', ['a'])], [])).toEqual([]);
  });

  it('shows every given supplier, only those, featured before the rest in every section', () => {
    const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ id: ids, company: fc.string(), isFeatured: fc.boolean() }), {
          selector: (s) => s.id,
        }),
        fc.array(fc.record({ supplierIds: fc.array(ids), isArchived: fc.boolean() }), { maxLength: 4 }),
        (suppliers, groups) => {
          const sections = groupSuppliers(
            groups.map((g, i) => ({ ...g, id: `g${i}`, title: `G${i}` })),
            suppliers,
          );
          const shown = new Set(sections.flatMap((s) => s.suppliers.map((x) => x.id)));
          expect([...shown].sort()).toEqual(suppliers.map((s) => s.id).sort());
          for (const section of sections) {
            expect(section.suppliers.length).toBeGreaterThan(0);
            expect(new Set(section.suppliers.map((s) => s.id)).size).toBe(section.suppliers.length);
            const flags = section.suppliers.map((s) => s.isFeatured);
            expect(flags).toEqual([...flags].sort((x, y) => Number(y) - Number(x)));
            for (let i = 1; i < section.suppliers.length; i++)
              expect(compareSuppliers(section.suppliers[i - 1], section.suppliers[i])).toBeLessThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe('supplierTypesLabel', () => {
  it('follows the terminology for suppliers', () => {
    expect(supplierTypesLabel('Suppliers')).toBe('Supplier types');
    expect(supplierTypesLabel('Contractors')).toBe('Contractor types');
    expect(supplierTypesLabel('Companies')).toBe('Company types');
    expect(supplierTypesLabel('Partner')).toBe('Partner types');
    expect(supplierTypesLabel('  ')).toBe('Supplier types');
  });
});
