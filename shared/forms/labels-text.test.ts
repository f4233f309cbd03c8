import { describe, expect, it } from 'vitest';
import { cateringOrderFixture, exhibitorProfileFixture, hotelBookingFixture } from './fixtures';
import { fieldNumbers, reportColumns } from './labels';
import { evaluateVisibility } from './logic';
import { answerText, reportRow, submissionSummary } from './text';

const hotel = hotelBookingFixture;

describe('report labels', () => {
  it('numbers the fields that hold answers, in form order', () => {
    const numbers = fieldNumbers(exhibitorProfileFixture.definition);
    expect(numbers.get('ep-company')).toBe(1);
    expect(numbers.has('ep-sponsor-callout')).toBe(false);
    expect(numbers.get('ep-address')).toBe(2);
  });

  it("labels columns '3. Company name' and loops '2.1 Guest name', report labels first", () => {
    const columns = reportColumns(exhibitorProfileFixture.definition);
    expect(columns.slice(0, 3).map((column) => column.label)).toEqual([
      '1. Company',
      '2. Company address',
      '3. Main contact',
    ]);
    const hotelColumns = reportColumns(hotel.definition);
    expect(hotelColumns.map((column) => column.label).slice(0, 4)).toEqual([
      '1. Hotel',
      '2.1 Guest name',
      '2.1 Guest email',
      '2.1 Arrival date',
    ]);
    expect(hotelColumns.filter((column) => column.label.startsWith('2.6 '))).toHaveLength(9);
    expect(hotelColumns.at(-1)?.label).toBe('5. Invoice address');
  });

  it('reports a grand total as a column', () => {
    expect(reportColumns(cateringOrderFixture.definition).map((column) => column.label)).toContain(
      '6. Order total',
    );
  });
});

describe('answers as text', () => {
  const visibility = evaluateVisibility(hotel.definition, hotel.submission.values);

  it('fills a report row by column, empty where a loop has no answer', () => {
    const row = reportRow(hotel.definition, hotel.submission.values, visibility);
    expect(row['hb-hotel']).toBe('Riverside Hilton');
    expect(row['hb-guests.1.hg-name']).toBe('Marcus Reid');
    expect(row['hb-guests.2.hg-arrival']).toBe('16 June 2026');
    expect(row['hb-guests.1.hg-dietary-details']).toBe('');
    expect(row['hb-guests.4.hg-name']).toBe('');
  });

  it('writes a template loop by loop with its titles', () => {
    const text = answerText(hotel.definition, 'hb-guests', hotel.submission.values, visibility);
    expect(text.split('\n\n')[0]).toBe(
      [
        'Guest 1',
        'Guest name: Priya Shah',
        'Guest email: priya.shah@northwind-robotics.example',
        'Arrival date: 15 June 2026',
        'Departure date: 19 June 2026',
        'Room type: Double',
        'Any dietary requirements?: Yes',
        'Dietary requirements: Vegetarian',
      ].join('\n'),
    );
  });

  it('summarises the answers shown for an email, with the grand total', () => {
    const { definition, submission } = cateringOrderFixture;
    const summary = submissionSummary(
      definition,
      submission.values,
      evaluateVisibility(definition, submission.values),
    );
    expect(summary.map((line) => line.label)).toEqual([
      'Delivery date',
      'Catering',
      'Do you need to hire furniture?',
      'Furniture',
      'Furniture placement notes',
      'Order total',
      'Delivery instructions',
      'I agree to the catering and furniture terms and conditions',
    ]);
    expect(summary.find((line) => line.fieldId === 'co-grand-total')?.text).toBe('£262.87');
  });
});
