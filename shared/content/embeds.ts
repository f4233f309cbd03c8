/**
 * Embeds of content sections: the spec stores a YouTube shortcode, a Vimeo numeric id and a maps
 * address or URL. Editors may paste a whole address; these rules find what the section stores and
 * the player or map address the reader frames.
 */

const YOUTUBE_SHORTCODE = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

function asUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The shortcode after YouTube's watch parameter (or of a youtu.be, embed or shorts address). */
export function youTubeShortcode(input: string): string | null {
  const text = input.trim();
  if (YOUTUBE_SHORTCODE.test(text)) return text;
  const url = asUrl(text);
  if (!url) return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? null;
  }
  return id && YOUTUBE_SHORTCODE.test(id) ? id : null;
}

/** Vimeo's numeric id, from the id itself or a vimeo.com / player.vimeo.com address. */
export function vimeoId(input: string): string | null {
  const text = input.trim();
  if (VIMEO_ID.test(text)) return text;
  const url = asUrl(text);
  if (!url) return null;
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const id = url.pathname.match(/\/(\d{1,12})(?:\/|$)/)?.[1];
  return id ?? null;
}

export const youTubeEmbedUrl = (shortcode: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(shortcode)}`;
export const vimeoEmbedUrl = (id: string) => `https://player.vimeo.com/video/${encodeURIComponent(id)}`;

const MAPS_HOSTS = new Set(['google.com', 'maps.google.com', 'google.co.uk', 'maps.app.goo.gl', 'goo.gl']);

function isGoogleMapsHost(host: string): boolean {
  const bare = host.replace(/^www\./, '');
  return MAPS_HOSTS.has(bare) || /^(maps\.)?google\.[a-z.]+$/.test(bare);
}

/**
 * The embedded map address for a maps section (the spec's getGoogleMapsEmbedUrl): a Google Maps
 * embed address is kept; a Google Maps place, search or coordinates address becomes a query; any
 * other text is an address to search for. Null for blank text or a web address that is not a map,
 * so a section can never frame an arbitrary site.
 */
export function mapEmbedUrl(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const url = asUrl(text);
  if (!url) return `https://www.google.com/maps?q=${encodeURIComponent(text)}&output=embed`;
  if (!isGoogleMapsHost(url.hostname)) return null;
  if (url.pathname.startsWith('/maps/embed')) {
    url.protocol = 'https:';
    url.hostname = 'www.google.com';
    return url.toString();
  }
  const query =
    url.searchParams.get('q') ??
    url.searchParams.get('query') ??
    decodeURIComponent(url.pathname.match(/\/maps\/(?:place|search)\/([^/]+)/)?.[1] ?? '').replace(
      /\+/g,
      ' ',
    ) ??
    '';
  const coordinates = url.pathname.match(/@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/);
  const target = query || (coordinates ? `${coordinates[1]},${coordinates[2]}` : '');
  // A short link (maps.app.goo.gl) cannot be resolved without following it: ask for the full address.
  if (!target) return null;
  return `https://www.google.com/maps?q=${encodeURIComponent(target)}&output=embed`;
}

/** The spec's guidance texts, shown beside the inputs and as the refusal when a value is wrong. */
export const EMBED_GUIDANCE = {
  youTube: 'Enter the YouTube shortcode: the part after watch?v= in the video address (e.g. dQw4w9WgXcQ)',
  vimeo: 'Enter the Vimeo numeric id: the number at the end of the video address (e.g. 76979871)',
  googleMaps: 'Enter an address, or paste a Google Maps address',
  pdf: 'Enter a valid PDF name and upload at least one PDF file',
} as const;
