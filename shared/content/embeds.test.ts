import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapEmbedUrl, vimeoId, youTubeShortcode } from './embeds';

describe('youTubeShortcode (spec: the shortcode after the watch parameter)', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?list=PL1&v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('finds the shortcode in %s', (input, expected) => {
    expect(youTubeShortcode(input)).toBe(expected);
  });

  it.each([
    '',
    'dQw4w9WgXc',
    'https://vimeo.com/76979871',
    'https://www.youtube.com/watch?v=short',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
  ])('refuses %s', (input) => {
    expect(youTubeShortcode(input)).toBeNull();
  });

  it('keeps any 11-character shortcode as it is', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\w-]{11}$/), (code) => {
        expect(youTubeShortcode(code)).toBe(code);
        expect(youTubeShortcode(`https://www.youtube.com/watch?v=${code}`)).toBe(code);
      }),
    );
  });
});

describe('vimeoId (spec: the numeric id)', () => {
  it.each([
    ['76979871', '76979871'],
    ['https://vimeo.com/76979871', '76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc', '76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', '76979871'],
  ])('finds the id in %s', (input, expected) => {
    expect(vimeoId(input)).toBe(expected);
  });

  it.each([
    '',
    'abc',
    'https://youtube.com/watch?v=dQw4w9WgXcQ',
    'https://notvimeo.com/123',
  ])('refuses %s', (input) => {
    expect(vimeoId(input)).toBeNull();
  });
});

describe('mapEmbedUrl (spec: an address or URL becomes an embedded map address)', () => {
  it('turns an address into a map search', () => {
    expect(mapEmbedUrl('ExCeL London, Royal Victoria Dock')).toBe(
      'https://www.google.com/maps?q=ExCeL%20London%2C%20Royal%20Victoria%20Dock&output=embed',
    );
  });

  it('keeps an embed address and reads place, search and coordinates addresses', () => {
    expect(mapEmbedUrl('https://www.google.com/maps/embed?pb=!1m18!1m12')).toBe(
      'https://www.google.com/maps/embed?pb=!1m18!1m12',
    );
    expect(mapEmbedUrl('https://www.google.com/maps/place/NEC+Birmingham/@52.45,-1.71,15z')).toBe(
      'https://www.google.com/maps?q=NEC%20Birmingham&output=embed',
    );
    expect(mapEmbedUrl('https://maps.google.com/?q=SEC+Glasgow')).toBe(
      'https://www.google.com/maps?q=SEC%20Glasgow&output=embed',
    );
    expect(mapEmbedUrl('https://www.google.co.uk/maps/@51.5081,-0.0759,17z')).toBe(
      'https://www.google.com/maps?q=51.5081%2C-0.0759&output=embed',
    );
  });

  it('refuses blank text, other sites and short links it cannot resolve', () => {
    expect(mapEmbedUrl('   ')).toBeNull();
    expect(mapEmbedUrl('https://evil.example/maps?q=x')).toBeNull();
    expect(mapEmbedUrl('https://maps.app.goo.gl/AbCdEf')).toBeNull();
  });

  it('always answers a Google Maps address for any plain text address', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== '' && !/^\s*https?:/i.test(s)),
        (address) => {
          const url = new URL(mapEmbedUrl(address) ?? 'about:blank');
          expect(url.origin).toBe('https://www.google.com');
          expect(url.searchParams.get('q')).toBe(address.trim());
        },
      ),
    );
  });
});
