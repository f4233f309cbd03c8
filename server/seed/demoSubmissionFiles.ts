import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { UploadedFile } from '../../shared/forms/schema/values';
import { mapUploads, placeKey, uploadsIn } from '../../shared/forms/submissionFiles';
import { captionSvg, makePdf } from '../modules/files/samples';
import { files } from '../modules/files/tables';
import { storeUpload } from '../modules/files/upload/service';
import { loadFill } from '../modules/submissions/fill/queries';
import { formSubmissions } from '../modules/submissions/tables';
import { KIND } from '../modules/submissions/uploads/queries';
import type { AppContext } from '../platform/context';
import { withTransaction } from '../platform/db/transaction';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip of stored (uncompressed) entries: enough for a real, small Word document. */
export function storedZip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A one-paragraph Word document. */
function wordDocument(text: string): Buffer {
  const escaped = text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);
  return storedZip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    [
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${escaped}</w:t></w:r></w:p></w:body></w:document>`,
    ],
  ]);
}

/** Believable bytes for a demo answer's file name: a one-page PDF, a drawing, or a picture. */
async function demoBytes(name: string, caption: string): Promise<Buffer | null> {
  const extension = name.toLowerCase().split('.').pop();
  if (extension === 'pdf') return makePdf([name.replace(/\.pdf$/i, ''), caption, 'Demo document']);
  const svg = captionSvg(caption, ['#0b7285', '#1864ab'], { width: 960, height: 640 });
  if (extension === 'svg') return Buffer.from(svg);
  if (extension === 'png') return sharp(Buffer.from(svg)).png().toBuffer();
  if (extension === 'docx') return wordDocument(`${name.replace(/\.docx$/i, '')}: ${caption}`);
  return null;
}

/**
 * The demo submissions' uploads as real stored files (decision 0019): each file an answer names is
 * stored under forms/submissions/{submissionId}/{fieldId}, owned by its submission, and the answer
 * holds the stored file's reference, so the demo's submissions open their drawings and plans.
 */
export async function seedDemoSubmissionFiles(ctx: AppContext, eventId: string): Promise<number> {
  const rows = await ctx.db.select().from(formSubmissions).where(eq(formSubmissions.eventId, eventId));
  let stored = 0;
  const definitions = new Map<string, Awaited<ReturnType<typeof loadFill>>['definition']>();
  for (const row of rows) {
    const definition =
      definitions.get(row.formId) ?? (await loadFill(ctx, ctx.db, { eventId }, row.formId, 'any')).definition;
    definitions.set(row.formId, definition);
    const made = new Map<string, UploadedFile>();
    for (const { place, files: list } of uploadsIn(definition, row.values)) {
      for (const file of list) {
        const bytes = file.id ? null : await demoBytes(file.name, `Submission ${row.id.slice(0, 8)}`);
        if (!bytes) continue;
        const path = `forms/submissions/${row.id}/${placeKey(place).join('/')}`;
        const saved = await storeUpload(ctx, {
          eventId,
          purpose: KIND,
          uploadedBy: row.createdBy,
          fileName: file.name,
          bytes,
          folder: path,
        });
        made.set(`${placeKey(place).join('/')}/${file.name}`, {
          id: saved.id,
          name: saved.name,
          size: saved.size,
          type: saved.contentType,
          path,
          url: `/api/events/${eventId}/files/${saved.id}`,
        });
        stored += 1;
      }
    }
    if (made.size === 0) continue;
    const values = mapUploads(definition, row.values, (list, place) =>
      list.map((file) => made.get(`${placeKey(place).join('/')}/${file.name}`) ?? file),
    );
    await withTransaction(ctx.db, async (tx) => {
      await tx
        .update(files)
        .set({ ownerId: row.id })
        .where(
          and(
            eq(files.eventId, eventId),
            inArray(
              files.id,
              [...made.values()].map((f) => f.id ?? ''),
            ),
          ),
        );
      await tx
        .update(formSubmissions)
        .set({ values })
        .where(and(eq(formSubmissions.eventId, eventId), eq(formSubmissions.id, row.id)));
    });
  }
  return stored;
}
