import nodemailer, { type Transporter } from 'nodemailer';
import { outbox } from '@covenant/db/schema/platform';
import type { Db } from '@covenant/db/client';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

/** Sends over SMTP_URL when set; otherwise keeps the message in the outbox that administrators read. */
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

  async send(email: Email): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.from, to: email.to, subject: email.subject, text: email.text });
      return;
    }
    await this.db.insert(outbox).values(email);
  }
}
