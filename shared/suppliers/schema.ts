import { z } from 'zod';
import { AREA_LEVELS, type Permission } from '../auth/permissions';

/**
 * The Zod contract of suppliers and supplier groups (spec: Supplier, Supplier group; validation:
 * text trimmed, contact email a valid e-mail, arrays default empty, booleans default false).
 */

/** Spec: moderator and above manage suppliers and supplier groups. */
export const SUPPLIERS_LEVEL: Permission = AREA_LEVELS.suppliers;

/** The spec's messages (error catalogue), plus the not-found texts the spec leaves open. */
export const SUPPLIER_ERRORS = {
  invalidSupplier: 'Invalid supplier',
  invalidGroup: 'Invalid group',
  noId: 'No ID',
  logoUpload: 'Failed to upload logo',
  supplierNotFound: 'Supplier not found',
  groupNotFound: 'Supplier type not found',
  shownAndHidden: 'A team type cannot be both shown to and hidden from',
  logoTwice: 'Give the logo as a file or a URL, not both',
} as const;

export const COMPANY_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 50_000;
export const CONTACTS_MAX = 50;
/** Spec: the logo is resized to 256x256 PNG, quality 80 (done by the files module for 'supplierLogo'). */
export const LOGO_SIZE = 256;
export const LOGO_QUALITY = 80;
export const LOGO_PURPOSE = 'supplierLogo';

const trimmed = (max: number) => z.string().trim().max(max);
const webAddress = z.url({
  protocol: /^https?$/,
  message: 'Enter a web address starting with http:// or https://',
});
/** '' or an http(s) address, trimmed first. */
export const optionalUrlSchema = z
  .string()
  .trim()
  .max(2_000)
  .pipe(z.union([z.literal(''), webAddress]));

export const contactSchema = z.strictObject({
  firstName: trimmed(100).default(''),
  surname: trimmed(100).default(''),
  phone: trimmed(50).default(''),
  // Spec: the contact email must be a valid e-mail (an empty one is allowed: a contact by phone only).
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.union([z.literal(''), z.email({ message: 'Enter a valid email address' })]))
    .transform((email) => email.toLowerCase())
    .default(''),
  jobTitle: trimmed(100).default(''),
});
export type Contact = z.output<typeof contactSchema>;
export type ContactInput = z.input<typeof contactSchema>;

/** A group id in a request: spec 'No ID' when it is empty. */
export const groupIdSchema = z.string().trim().min(1, { message: SUPPLIER_ERRORS.noId }).pipe(z.uuid());

const uniqueIds = z
  .array(z.uuid())
  .max(500)
  .transform((ids) => [...new Set(ids)]);

/** Create and full update share one body; left-out fields take the spec's defaults. */
export const supplierBodySchema = z
  .strictObject({
    company: trimmed(COMPANY_MAX_LENGTH).min(1, { message: 'Enter the company name' }),
    /** Rich text (HTML); the server sanitises it before storing. */
    description: z.string().max(DESCRIPTION_MAX_LENGTH).default(''),
    website: optionalUrlSchema.default(''),
    /** A logo by address; '' when none or when the logo is an uploaded file. */
    logoUrl: optionalUrlSchema.default(''),
    /** An uploaded logo (files module, purpose 'supplierLogo'); null when none. */
    logoFileId: z.uuid().nullable().default(null),
    isFeatured: z.boolean().default(false),
    contacts: z
      .array(contactSchema)
      .max(CONTACTS_MAX)
      .default(() => []),
    showToTeamTypeIds: uniqueIds.default(() => []),
    hideFromTeamTypeIds: uniqueIds.default(() => []),
    /** The supplier types (groups) it belongs to. */
    groupIds: z
      .array(groupIdSchema)
      .max(100)
      .transform((ids) => [...new Set(ids)])
      .default(() => []),
  })
  .superRefine((body, issue) => {
    if (body.logoUrl !== '' && body.logoFileId !== null)
      issue.addIssue({ code: 'custom', message: SUPPLIER_ERRORS.logoTwice, path: ['logoUrl'] });
    const hidden = new Set(body.hideFromTeamTypeIds);
    if (body.showToTeamTypeIds.some((id) => hidden.has(id)))
      issue.addIssue({
        code: 'custom',
        message: SUPPLIER_ERRORS.shownAndHidden,
        path: ['hideFromTeamTypeIds'],
      });
  });
export type SupplierBody = z.input<typeof supplierBodySchema>;
export type SupplierValues = z.output<typeof supplierBodySchema>;

export const supplierGroupBodySchema = z.strictObject({
  title: trimmed(COMPANY_MAX_LENGTH).min(1, { message: 'Enter a title' }),
});
export type SupplierGroupBody = z.input<typeof supplierGroupBodySchema>;

/** The contacts a list shows, in order, without empty rows left by the form. */
export function meaningfulContacts(contacts: readonly Contact[]): Contact[] {
  return contacts.filter((c) => Object.values(c).some((value) => value !== ''));
}
