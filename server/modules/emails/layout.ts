export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The one responsive layout every email shares (docs/decisions/0025-email-templates.md): nested
 * tables, inline styles and a 600-pixel card that becomes full width on a small screen, which is
 * what mail clients render reliably. The header carries the event's logo (else its name) on its
 * colour; the button to the email's link uses the same colour.
 */
export function emailLayout(input: {
  title: string;
  eventName: string;
  logoUrl: string;
  colour: string;
  /** Text on the colour: white on a dark colour, near-black on a light one. */
  onColour: string;
  body: string;
  button?: { label: string; href: string };
}): string {
  const colour = escapeHtml(input.colour);
  const onColour = escapeHtml(input.onColour);
  const brand = input.logoUrl
    ? `<img src="${escapeHtml(input.logoUrl)}" alt="${escapeHtml(input.eventName)}" height="48" style="display:block;height:48px;max-width:240px;border:0">`
    : `<span style="font-size:20px;font-weight:bold;color:${onColour}">${escapeHtml(input.eventName)}</span>`;
  const button = input.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr><td style="background:${colour};border-radius:6px"><a href="${escapeHtml(input.button.href)}" style="display:inline-block;padding:12px 20px;color:${onColour};text-decoration:none;font-weight:bold">${escapeHtml(input.button.label)}</a></td></tr></table><p style="margin:0 0 16px;font-size:13px;color:#555555">Or paste this link into your browser: ${escapeHtml(input.button.href)}</p>`
    : '';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(input.title)}</title>`,
    '<style>@media (max-width:620px){.card{width:100%!important}.content{padding:16px!important}}</style>',
    '</head><body style="margin:0;padding:0;background:#f4f4f5">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 8px">',
    '<table role="presentation" class="card" width="600" cellpadding="0" cellspacing="0" style="width:600px;max-width:100%;background:#ffffff;border-radius:8px">',
    `<tr><td style="background:${colour};padding:16px 24px;border-radius:8px 8px 0 0">${brand}</td></tr>`,
    `<tr><td class="content" style="padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">${input.body}${button}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');
}
