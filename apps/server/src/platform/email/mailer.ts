import nodemailer, { type Transporter } from 'nodemailer';
import { outbox, outboxAttachments } from '@covenant/db/schema/platform';
import type { Db } from '@covenant/db/client';

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Email {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly Attachment[];
}

/** How a message left: over SMTP, or kept in the outbox because SMTP is not configured. */
export type Delivery = 'sent' | 'outbox';

/** Sends over SMTP_URL when set; otherwise keeps the message, with its attachments, in the outbox that administrators read. */
export class Mailer {
  private transport: Transporter | null;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get usesOutbox(): boolean {
    return this.transport === null;
  }

  async send(email: Email): Promise<Delivery> {
    const attachments = email.attachments ?? [];
    if (this.transport) {
      await this.transport.sendMail({
        from: this.from, to: email.to, subject: email.subject, text: email.text,
        attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      return 'sent';
    }
    await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(outbox).values({ to: email.to, subject: email.subject, text: email.text }).returning({ id: outbox.id });
      if (attachments.length) await tx.insert(outboxAttachments).values(attachments.map((a) => ({ outbox_id: row!.id, filename: a.filename, content_type: a.contentType, content: a.content })));
    });
    return 'outbox';
  }

  /** Closes the SMTP connection pool, if any. */
  close(): void {
    this.transport?.close();
  }
}
