import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { notificationsKit } from './notificationsTestKit';

/** A real SMTP peer that refuses one mailbox: the notification reports the provider's answer. */
describe('event notifications: email over SMTP', () => {
  let server: SMTPServer;
  let t: TestApp;
  let eventId: string;
  const delivered: string[] = [];
  const refuse = new Set<string>();

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!refuse.has(address.address)) return callback();
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(err);
      },
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          delivered.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    eventId = await makeEvent(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("marks it failed with 'Failed to send N emails: Email i: code - message' and still publishes it", async () => {
    const kit = notificationsKit(t, eventId);
    const admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    const type = await kit.teamType(admin, 'Exhibitor');
    const ok = await kit.reader(admin, 'Fine Team', type);
    const bad = await kit.reader(admin, 'Broken Mailbox', type);
    refuse.add(bad.email);
    delivered.length = 0; // the teams' welcome emails
    const n = await kit.create(admin, {
      title: 'Build-up starts at 7:00',
      audience: 'teamTypes',
      teamTypeIds: [type],
      sendEmail: true,
      action: 'publish',
    });
    expect(delivered).toContain(ok.email);
    expect(delivered).not.toContain(bad.email);
    const stored = (await kit.call('GET', admin, `/notifications/${n.id}`)).json();
    expect(stored.status).toBe('failed');
    // Recipients are numbered in address order; the refused one is 'broken...' before 'fine...'.
    const index = [ok.email, bad.email].sort().indexOf(bad.email) + 1;
    expect(stored.providerResponse).toMatch(
      new RegExp(`^Failed to send 1 email: Email ${index}: 550 - .*Mailbox unavailable`),
    );
    expect((await kit.mine(ok.cookie)).items.map((i) => i.title)).toContain('Build-up starts at 7:00');
  });
});
