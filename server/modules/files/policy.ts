import { can } from '../../../shared/auth/permissions';
import type { FilePurpose } from '../../../shared/files/types';
import type { Actor } from '../../platform/http/guards';

/**
 * Who may upload for which purpose: teams upload task answers and comment attachments themselves;
 * branding is an admin setting (spec: admin only); everything else is moderator work. Claiming
 * checks again, through the holder's own policy.
 */
const UPLOAD_LEVEL = {
  asset: 'moderator',
  download: 'moderator',
  contentPdf: 'moderator',
  supplierLogo: 'moderator',
  taskAttachment: 'user',
  taskUpload: 'user',
  branding: 'admin',
  // Through the form's own upload routes only, which check the form, field and submission.
  submissionFile: null,
} as const;

export const filesPolicy = {
  upload: (actor: Actor, purpose: FilePurpose) => {
    const level = UPLOAD_LEVEL[purpose];
    return level !== null && can(actor.permissions, level);
  },
  /** A file not yet claimed is seen only by whoever uploaded it, to preview it before saving. */
  readUnclaimed: (actor: Actor, uploadedBy: string) => actor.accountId === uploadedBy,
};
