import { join } from 'node:path';
import type { Config } from '../platform/config';
import { loadConfig } from '../platform/config';
import { createDiskStorage, createS3Storage, type Storage } from '../platform/storage';

export type CopySummary = {
  direction: string;
  copied: number;
  skipped: number;
  bytes: number;
  failed: string[];
};

/** The store on each side: the data dir's files, and the bucket S3_* names (whatever STORAGE says). */
export function storesFor(config: Config, env: NodeJS.ProcessEnv, to: 's3' | 'disk') {
  const disk = createDiskStorage(join(config.dataDir, 'files'));
  const s3Config = loadConfig({ ...env, STORAGE: 's3' }).storage;
  if (s3Config.kind !== 's3') throw new Error('S3 settings missing');
  const s3 = createS3Storage(s3Config);
  return to === 's3' ? { from: disk, to: s3 } : { from: s3, to: disk };
}

/**
 * Copies every object from one store to the other (decision 0032). Resumable: an object already
 * in the target with the same size is skipped, so a copy interrupted half-way is run again and
 * picks up where it stopped. Each object is streamed; one failure is reported and the rest go on.
 */
export async function copyStorage(
  from: Storage,
  to: Storage,
  onProgress: (done: number, key: string, action: 'copied' | 'skipped' | 'failed') => void = () => {},
): Promise<CopySummary> {
  const summary: CopySummary = {
    direction: `${from.kind} -> ${to.kind}`,
    copied: 0,
    skipped: 0,
    bytes: 0,
    failed: [],
  };
  let done = 0;
  for await (const object of from.list()) {
    done += 1;
    const present = await to.stat(object.key);
    if (present && present.size === object.size) {
      summary.skipped += 1;
      onProgress(done, object.key, 'skipped');
      continue;
    }
    try {
      const body = await from.read(object.key);
      if (!body) continue; // Removed since it was listed.
      await to.put(object.key, body, contentTypeOf(object.key));
      summary.copied += 1;
      summary.bytes += object.size;
      onProgress(done, object.key, 'copied');
    } catch (err) {
      summary.failed.push(`${object.key}: ${err instanceof Error ? err.message : String(err)}`);
      onProgress(done, object.key, 'failed');
    }
  }
  return summary;
}

/** Files are served with the type recorded in their row; the store's own type only helps tools. */
function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const known: Record<string, string> = {
    pdf: 'application/pdf',
    webp: 'image/webp',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    svg: 'image/svg+xml',
    txt: 'text/plain',
    zip: 'application/zip',
    mp4: 'video/mp4',
  };
  return known[ext] ?? 'application/octet-stream';
}
