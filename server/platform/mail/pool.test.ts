import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, droppedConnection, type Mailer, type MailMessage } from './mailer';

/**
 * The pooled transport against a real SMTP peer (smtp-server, as in mailer.test.ts): messages
 * share connections instead of a handshake each, and a connection the relay drops is not a lost
 * email.
 */
describe('pooled SMTP transport', () => {
  let server: SMTPServer;
  let url: string;
  /** Every accepted message: which connection (client port) carried it. */
  const received: { to: string; port: number; subject: string }[] = [];
  const connections = new Set<number>();
  const sockets = new Map<number, Socket>();
  /** Subjects whose DATA makes the server cut the connection instead of answering (once each). */
  const cutOnData = new Set<string>();
  let mailer: Mailer | undefined;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(session, callback) {
        connections.add(session.remotePort);
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const subject =
            Buffer.concat(chunks)
              .toString('utf8')
              .match(/^Subject: (.*)$/m)?.[1] ?? '';
          if (cutOnData.delete(subject)) {
            // The relay goes away mid-transaction: no reply to DATA, the socket just ends.
            sockets.get(session.remotePort)?.destroy();
            return;
          }
          received.push({ to: session.envelope.rcptTo[0]?.address ?? '', port: session.remotePort, subject });
          callback();
        });
      },
    });
    server.server.on('connection', (socket: Socket) => {
      if (socket.remotePort) sockets.set(socket.remotePort, socket);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await mailer?.close();
    mailer = undefined;
    received.length = 0;
    connections.clear();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const message = (n: number, subject = `Message ${n}`): MailMessage => ({
    to: `person.${n}@example.test`,
    from: 'Expo Portal <portal@expo.example.test>',
    subject,
    text: `Hello ${n}`,
    html: `<p>Hello ${n}</p>`,
    links: [],
  });

  it('sends messages one after another over one connection', async () => {
    mailer = createMailer(url);
    for (let n = 0; n < 6; n++) {
      const accepted = await mailer.deliver(message(n));
      expect(accepted?.messageId).toMatch(/@/);
    }
    expect(received.map((m) => m.to)).toEqual([0, 1, 2, 3, 4, 5].map((n) => `person.${n}@example.test`));
    expect(connections.size).toBe(1);
    expect(new Set(received.map((m) => m.port)).size).toBe(1);
  });

  it('sends messages handed over at once on at most maxConnections connections', async () => {
    mailer = createMailer(url, { maxConnections: 2 });
    const sending = mailer;
    await Promise.all(Array.from({ length: 12 }, (_, n) => sending.deliver(message(n))));
    expect(received).toHaveLength(12);
    expect(connections.size).toBeLessThanOrEqual(2);
  });

  it('opens a fresh connection after maxMessages on one', async () => {
    mailer = createMailer(url, { maxConnections: 1, maxMessages: 3 });
    for (let n = 0; n < 7; n++) await mailer.deliver(message(n));
    expect(received).toHaveLength(7);
    expect(connections.size).toBe(3);
  });

  it('sends a message again on a new connection when the relay drops the connection mid-send', async () => {
    mailer = createMailer(url, { maxConnections: 1 });
    await mailer.deliver(message(1));
    cutOnData.add('Dropped once');
    const accepted = await mailer.deliver(message(2, 'Dropped once'));
    expect(accepted?.messageId).toMatch(/@/);
    await mailer.deliver(message(3));
    expect(received.map((m) => m.subject)).toEqual(['Message 1', 'Dropped once', 'Message 3']);
    // The first connection carried message 1 and was cut; the retry and message 3 share the next.
    expect(connections.size).toBe(2);
    expect(received[1].port).not.toBe(received[0].port);
    expect(received[2].port).toBe(received[1].port);
  });

  it('sends on a new connection when the relay closed the idle pooled one', async () => {
    mailer = createMailer(url, { maxConnections: 1 });
    await mailer.deliver(message(1));
    const [port] = connections;
    sockets.get(port)?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await mailer.deliver(message(2));
    expect(received).toHaveLength(2);
    expect(connections.size).toBe(2);
  });

  it('refuses to send once closed (shutdown), and says why', async () => {
    mailer = createMailer(url);
    await mailer.deliver(message(1));
    await mailer.close();
    await expect(mailer.deliver(message(2))).rejects.toThrow();
    expect(received).toHaveLength(1);
  });

  it('retries only a broken connection, never an SMTP refusal', () => {
    expect(droppedConnection(Object.assign(new Error('reset'), { code: 'ECONNECTION' }))).toBe(true);
    expect(droppedConnection(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }))).toBe(true);
    expect(
      droppedConnection(Object.assign(new Error('550 no'), { code: 'EENVELOPE', responseCode: 550 })),
    ).toBe(false);
    expect(
      droppedConnection(Object.assign(new Error('421 bye'), { code: 'EPROTOCOL', responseCode: 421 })),
    ).toBe(false);
    expect(droppedConnection(new Error('no code'))).toBe(false);
  });
});
