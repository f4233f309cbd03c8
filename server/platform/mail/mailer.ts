import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** The message's links, for a console that prints them; never part of what SMTP sends. */
  links: string[];
};

/** Delivers a message, or keeps it (no SMTP configured: the sender prints its links). */
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
    async deliver({ links: _links, ...message }) {
      await transport.sendMail(message);
    },
  };
}
