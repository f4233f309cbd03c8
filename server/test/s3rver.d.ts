// @20minutes/s3rver ships no types: the little the tests and benchmarks use of it.
declare module '@20minutes/s3rver' {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      allowMismatchedSignatures?: boolean;
      directory?: string;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ port: number; address: string }>;
    close(): Promise<void>;
  }
}
