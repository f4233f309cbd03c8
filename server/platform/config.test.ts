import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const acme = {
  id: 'acme',
  name: 'Acme SSO',
  issuer: 'https://login.acme.example',
  clientId: 'portal',
  clientSecret: 's3cret',
};
const providers = (value: unknown) => loadConfig({ OIDC_PROVIDERS: JSON.stringify(value) }).signInProviders;

describe('OIDC_PROVIDERS', () => {
  it('is no provider when unset or blank', () => {
    expect(loadConfig({}).signInProviders).toEqual([]);
    expect(loadConfig({ OIDC_PROVIDERS: '  ' }).signInProviders).toEqual([]);
  });

  it('reads several providers', () => {
    const north = { ...acme, id: 'north-id', name: 'North ID', issuer: 'https://id.north.example/realms/x' };
    expect(providers([acme, north])).toEqual([acme, north]);
  });

  it('refuses to start on a broken list, naming the entry and field (never the secret)', () => {
    expect(() => loadConfig({ OIDC_PROVIDERS: '[{' })).toThrow('OIDC_PROVIDERS: not valid JSON');
    expect(() => providers([{ ...acme, issuer: 'not a url' }])).toThrow('OIDC_PROVIDERS.0.issuer');
    expect(() => providers([{ ...acme, id: 'Acme SSO' }])).toThrow('OIDC_PROVIDERS.0.id');
    expect(() => providers([{ ...acme, clientSecret: '' }])).toThrow('OIDC_PROVIDERS.0.clientSecret');
    expect(() => providers([acme, acme])).toThrow('provider ids must be unique');
    expect(() => providers([{ ...acme, extra: 1 }])).toThrow('OIDC_PROVIDERS.0');
    const message = (() => {
      try {
        providers([{ ...acme, issuer: 'nope' }]);
        return '';
      } catch (error) {
        return String(error);
      }
    })();
    expect(message).toContain('OIDC_PROVIDERS.0.issuer');
    expect(message).not.toContain('s3cret');
  });
});

describe('STORAGE', () => {
  it('is the disk by default', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
  });

  it('reads the S3 settings', () => {
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_BUCKET: 'portal-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });

  it('refuses to start on S3 without a bucket, or on an unknown kind', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('S3_BUCKET: required when STORAGE=s3');
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow('STORAGE');
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(
      'S3_ENDPOINT',
    );
  });
});

describe('WORKER', () => {
  it('on: web and queue; off: web only; only: the queue only, on PostgreSQL', () => {
    const pgUrl = { DATABASE_URL: 'postgres://localhost/portal' };
    expect(loadConfig({})).toMatchObject({ web: true, worker: true });
    expect(loadConfig({ WORKER: 'off' })).toMatchObject({ web: true, worker: false });
    expect(loadConfig({ ...pgUrl, WORKER: 'only' })).toMatchObject({ web: false, worker: true });
    expect(() => loadConfig({ WORKER: 'only' })).toThrow('WORKER: only needs DATABASE_URL');
    expect(() => loadConfig({ WORKER: 'yes' })).toThrow('WORKER');
  });
});
