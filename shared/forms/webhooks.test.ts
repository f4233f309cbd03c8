import { describe, expect, it } from 'vitest';
import { cateringOrderFixture, exhibitorProfileFixture, hotelBookingFixture } from './fixtures';
import { parseWebhook } from './schema/webhook';
import { formEncode, xmlEncode } from './webhook-body';
import { buildWebhookPayload, buildWebhookRequest, webhookApplies, webhookHeaders } from './webhooks';

const catering = cateringOrderFixture;
const profile = exhibitorProfileFixture;
const webhook = (input: object) =>
  parseWebhook({ id: 'w', requestURL: 'https://hooks.example/in', ...input });

describe('webhook payloads', () => {
  it('sends fields, custom fields and client data under their target keys, amounts as exact decimals', () => {
    const [caterer] = catering.webhooks;
    const payload = buildWebhookPayload(catering.definition, caterer, catering.submission.values, {
      client: catering.client,
    });
    expect(payload).toEqual({
      team: 'Northwind Robotics',
      contactEmail: 'priya.shah@northwind-robotics.example',
      stand: 'B42',
      deliveryDate: '2026-06-16',
      catering: [
        {
          itemId: 'tea-coffee',
          label: 'Tea and coffee for 10',
          quantity: 4,
          price: '12.50',
          subtotal: '50.00',
        },
        {
          itemId: 'sandwiches',
          label: 'Sandwich platter (serves 5)',
          quantity: 2,
          price: '34.95',
          subtotal: '69.90',
        },
        {
          itemId: 'water',
          label: 'Still water (12 x 500 ml)',
          quantity: 3,
          price: '8.99',
          subtotal: '26.97',
        },
      ],
      furniture: [
        { itemId: 'chair', label: 'Chrome chair', quantity: 4, price: '18.50', subtotal: '74.00' },
        { itemId: 'poseur-table', label: 'Poseur table', quantity: 1, price: '42.00', subtotal: '42.00' },
      ],
      total: '262.87',
    });
  });

  it('sends address and name extras, option values and repeater rows', () => {
    const [crm] = profile.webhooks;
    const payload = buildWebhookPayload(profile.definition, crm, profile.submission.values, {
      client: profile.client,
    });
    expect(payload).toMatchObject({
      teamId: 'team-northwind',
      company: 'Northwind Robotics Ltd',
      address: 'Unit 4, Riverside Business Park\nMill Lane\nLeeds\nWest Yorkshire\nUnited Kingdom\nLS11 5HA',
      addressLine:
        'Unit 4, Riverside Business Park, Mill Lane, Leeds, West Yorkshire, United Kingdom, LS11 5HA',
      postcode: 'LS11 5HA',
      contact: 'Dr Priya Anjali Shah',
      contactPlain: 'Priya Anjali Shah',
      sector: 'technology',
      pressEmail: 'press@northwind-robotics.example',
    });
    expect(payload.staff).toEqual([
      {
        Name: 'Priya Shah',
        Role: 'Managing director',
        Email: 'priya.shah@northwind-robotics.example',
        Mobile: null,
      },
      {
        Name: 'Marcus Reid',
        Role: 'Sales lead',
        Email: 'marcus@northwind-robotics.example',
        Mobile: '07700 900123',
      },
      { Name: 'Lena Fischer', Role: 'Engineer', Email: null, Mobile: null },
    ]);
  });

  it('sends null for a hidden field and for a guest', () => {
    const [crm] = profile.webhooks;
    const noPress = { ...profile.submission.values, 'ep-press': ['no'] };
    const payload = buildWebhookPayload(profile.definition, crm, noPress, { client: null });
    expect(payload.pressEmail).toBeNull();
    expect(payload.teamId).toBeNull();
    expect(payload.stand).toBeNull();
  });

  it('sends one value per loop of a template', () => {
    const hotel = hotelBookingFixture;
    const hook = webhook({
      payloadFields: [
        { category: 'field', targetId: 'emails', sourceId: 'hb-guests', nestedKey: 'hg-email' },
        { category: 'field', targetId: 'guests', sourceId: 'hb-guests' },
      ],
    });
    const payload = buildWebhookPayload(hotel.definition, hook, hotel.submission.values);
    expect(payload.emails).toEqual([
      'priya.shah@northwind-robotics.example',
      'marcus@northwind-robotics.example',
      'lena@northwind-robotics.example',
    ]);
    expect(payload.guests).toHaveLength(3);
    expect(payload.guests).toMatchObject([
      { 'hg-dietary-details': 'Vegetarian' },
      { 'hg-car-registration': 'LS24 ABC' },
      {},
    ]);
  });
});

describe('webhook requests', () => {
  it('posts JSON with Content-Type text/plain and the Authorization header set', () => {
    const [caterer] = catering.webhooks;
    const request = buildWebhookRequest(catering.definition, caterer, catering.submission.values, {
      client: catering.client,
    });
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://orders.fresh-catering.example/api/exhibitor-orders');
    expect(request.headers).toEqual({
      'Content-Type': 'text/plain; charset=utf-8',
      Authorization: 'Bearer caterer-test-token',
    });
    expect(JSON.parse(request.body ?? '')).toEqual(request.payload);
  });

  it('puts XML in a payload document, escaping text', () => {
    expect(
      xmlEncode({ company: 'Smith & Sons <UK>', 'stand number': 'B42', '1st': null, rows: [{ a: 1 }] }),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><payload><company>Smith &amp; Sons &lt;UK&gt;</company>' +
        '<stand_number>B42</stand_number><_1st/><rows><item><a>1</a></item></rows></payload>',
    );
    const [crm] = profile.webhooks;
    const request = buildWebhookRequest(profile.definition, crm, profile.submission.values, {
      client: profile.client,
    });
    expect(request.method).toBe('PUT');
    expect(request.body).toContain('<postcode>LS11 5HA</postcode>');
    expect(request.headers['X-Api-Key']).toBe('crm-test-key');
  });

  it('form-encodes FORM bodies, and GET sends its payload in the query instead of a body', () => {
    expect(formEncode({ name: 'Ann Lee', tags: ['a', 'b'], none: null })).toBe(
      'name=Ann%20Lee&tags=%5B%22a%22%2C%22b%22%5D&none=',
    );
    const hook = webhook({
      requestURL: 'https://hooks.example/in?source=portal',
      requestMethod: 'GET',
      payloadFields: [{ category: 'client', targetId: 'team', sourceId: 'teamName' }],
    });
    const request = buildWebhookRequest(catering.definition, hook, {}, { client: catering.client });
    expect(request.url).toBe('https://hooks.example/in?source=portal&team=Northwind%20Robotics');
    expect(request.body).toBeNull();
    expect(request.headers).toEqual({});
  });

  it('lets the organiser replace Content-Type, and ignores a malformed custom header', () => {
    expect(webhookHeaders(webhook({ headerKey: 'content-type', headerValue: 'application/json' }))).toEqual({
      'content-type': 'application/json',
    });
    expect(webhookHeaders(webhook({ headerKey: 'Custom', headerValue: 'no colon here' }))).toEqual({
      'Content-Type': 'text/plain; charset=utf-8',
    });
  });

  it('fires when active and every rule holds', () => {
    const hook = webhook({
      rules: [{ sourceId: 'co-needs-furniture', sourceType: 'checkbox', sourceValue: 'yes' }],
    });
    expect(webhookApplies(catering.definition, hook, catering.submission.values)).toBe(true);
    expect(webhookApplies(catering.definition, hook, { 'co-needs-furniture': ['no'] })).toBe(false);
    expect(
      webhookApplies(catering.definition, { ...hook, isActive: false }, catering.submission.values),
    ).toBe(false);
  });
});
