import nodemailer from 'nodemailer';

export type MailMessage = { to: string; from: string; subject: string; text: string; html: string };

/** Delivers a message, or reports that it keeps it (no SMTP configured). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  deliver(message: MailMessage): Promise<void>;
}

export function createMailer(smtpUrl: string | undefined): Mailer {
  if (!smtpUrl) {
    return { kind: 'outbox', deliver: async () => {} };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver(message) {
      await transport.sendMail(message);
    },
  };
}
