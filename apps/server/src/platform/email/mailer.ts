import { AsyncLocalStorage } from 'node:async_hooks';
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

/**
 * Sends over SMTP_URL when set; otherwise keeps the message, with its attachments, in the outbox that administrators
 * read. Each association has its own outbox (a table of its schema): a message goes to the one of the database
 * given, or, for the emails Better Auth sends from inside its own calls, of the association whose work is running
 * them (outboxFor).
 */
export class Mailer {
  private transport: Transporter | null;
  private readonly scope = new AsyncLocalStorage<Db>();

  constructor(
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  /** Runs fn with the association whose outbox keeps the emails sent inside it (Better Auth's callbacks). */
  outboxFor<T>(db: Db, fn: () => Promise<T>): Promise<T> {
    return this.scope.run(db, fn);
  }

  get usesOutbox(): boolean {
    return this.transport === null;
  }

  async send(email: Email, outboxDb?: Db): Promise<Delivery> {
    const attachments = email.attachments ?? [];
    if (this.transport) {
      await this.transport.sendMail({
        from: this.from, to: email.to, subject: email.subject, text: email.text,
        attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      return 'sent';
    }
    const db = outboxDb ?? this.scope.getStore();
    if (!db) throw new Error('An email without SMTP needs an association\'s outbox to keep it');
    await db.transaction(async (tx) => {
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
