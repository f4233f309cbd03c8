import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config';
import type { Storage } from './index';
import { assertKey, type StoredObject } from './keys';

/** S3 multipart parts: 5 MiB is the smallest S3 takes; two in flight bound an upload's memory. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** DeleteObjects takes at most 1,000 keys a call. */
const DELETE_BATCH = 1000;

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}

/**
 * An S3-compatible bucket through the official AWS SDK v3. Credentials come from the SDK's own
 * chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, instance roles), never from us.
 * Streams go through multipart upload (lib-storage) and come back as the response body stream.
 */
export function createS3Storage(config: S3Config, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
    });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const Key = assertKey(key);
      if (Buffer.isBuffer(body)) {
        await s3.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType }));
        return;
      }
      // An object appears only when the upload completes, so readers never see half of it.
      const upload = new Upload({
        client: s3,
        params: { Bucket, Key, Body: body, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async read(key) {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: assertKey(key) }));
        return (out.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(key) {
      try {
        const out = await s3.send(new HeadObjectCommand({ Bucket, Key: assertKey(key) }));
        return { size: out.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    list(prefix) {
      return (async function* (): AsyncGenerator<StoredObject> {
        for await (const page of paginateListObjectsV2(
          { client: s3 },
          { Bucket, Prefix: prefix || undefined },
        )) {
          for (const object of page.Contents ?? []) {
            if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
          }
        }
      })();
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: assertKey(key) }));
        if (batch.length === 0) continue;
        const out = await s3.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length > 0)
          throw new Error(`Could not remove ${failed.length} stored objects: ${failed[0].Message}`);
      }
    },
  };
}
