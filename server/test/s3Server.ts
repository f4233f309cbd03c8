import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Config } from '../platform/config';

/**
 * A local S3-compatible server for tests and benchmarks (decision 0032): s3rver, in this process,
 * on a loopback port, storing objects in a scratch folder. It accepts the fixed S3RVER key pair,
 * which the AWS SDK picks up from the usual environment variables.
 */
export type LocalS3 = {
  config: S3Config;
  /** The environment a portal process needs to use this bucket (STORAGE=s3, S3_*, AWS_*). */
  env: Record<string, string>;
  close(): Promise<void>;
};

export const LOCAL_S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export async function startLocalS3(bucket = 'portal-files'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    // s3rver computes SigV4 differently from SDK v3 for a query prefix with '/' (ListObjectsV2)
    // and for DeleteObjects' checksum header; the signature is the SDK's business, not our contract.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  for (const [name, value] of Object.entries(LOCAL_S3_CREDENTIALS)) process.env[name] ??= value;
  const config: S3Config = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
  };
  return {
    config,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: config.endpoint as string,
      S3_REGION: config.region,
      S3_FORCE_PATH_STYLE: 'true',
      ...LOCAL_S3_CREDENTIALS,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
