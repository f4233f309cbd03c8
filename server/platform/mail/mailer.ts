import nodemailer from 'nodemailer';

/** 'Name <address>' as configured (MAIL_FROM), or a name and address (an event's fromEmail). */
export type MailAddress = string | { name: string; address: string };

export type MailMessage = {
  to: string;
  from: MailAddress;
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
  /** The SMTP server's message id when it accepted the message. */
  deliver(message: MailMessage): Promise<{ messageId?: string } | undefined>;
}

export function createMailer(smtpUrl: string | undefined): Mailer {
  if (!smtpUrl) {
    return { kind: 'outbox', deliver: async () => undefined };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver({ links: _links, ...message }) {
      const info = await transport.sendMail(message);
      return { messageId: info.messageId };
    },
  };
}
