/**
 * Email and SMS go through one small interface each: SMTP and an HTTP SMS gateway when
 * configured, otherwise the `outbox` table that /dev/outbox shows (DESIGN.md §2).
 */
import type { Knex } from 'knex';
import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SmsMessage {
  to: string;
  body: string;
  /**
   * A text the person has just asked for (a verification code, the answer to their STOP or
   * START): sent even to a number that texted STOP (lib/sms-stops.ts holds back every other).
   */
  requested?: boolean;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

const linkPattern = /https?:\/\/[^\s<>"')]+/g;
const codePattern = /\b\d{6}\b/g;

export function linksIn(text: string): string[] {
  return [...new Set(text.match(linkPattern) ?? [])];
}

export function codesIn(text: string): string[] {
  // Codes are 6 digits standing alone, not part of a link.
  return [...new Set(text.replace(linkPattern, ' ').match(codePattern) ?? [])];
}

export class OutboxMailer implements Mailer {
  constructor(private readonly knex: Knex) {}
  async send(message: EmailMessage): Promise<void> {
    await this.knex('outbox').insert({
      channel: 'email',
      to_address: message.to,
      subject: message.subject,
      body: message.text,
      links: JSON.stringify(linksIn(message.text)),
      codes: JSON.stringify(codesIn(message.text)),
    });
  }
}

export class OutboxSmsSender implements SmsSender {
  constructor(private readonly knex: Knex) {}
  async send(message: SmsMessage): Promise<void> {
    await this.knex('outbox').insert({
      channel: 'sms',
      to_address: message.to,
      subject: null,
      body: message.body,
      links: JSON.stringify(linksIn(message.body)),
      codes: JSON.stringify(codesIn(message.body)),
    });
  }
}

export class SmtpMailer implements Mailer {
  private readonly transport: nodemailer.Transporter;
  constructor(smtpUrl: string, private readonly from: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }
}

export class HttpSmsSender implements SmsSender {
  constructor(private readonly gatewayUrl: string) {}
  async send(message: SmsMessage): Promise<void> {
    const response = await fetch(this.gatewayUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ to: message.to, body: message.body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}

export interface Senders {
  mail: Mailer;
  sms: SmsSender;
}

export function createSenders(knex: Knex, config: { smtpUrl: string | null; mailFrom: string; smsGatewayUrl: string | null }): Senders {
  return {
    mail: config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(knex),
    sms: config.smsGatewayUrl ? new HttpSmsSender(config.smsGatewayUrl) : new OutboxSmsSender(knex),
  };
}
