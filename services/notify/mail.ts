// The mail worker: messages whose template is an e-mail are queued on the message itself (bm_notice
// mail_status 'queued', mail_next_at) in the transaction that writes them, and sent here, outside any
// business transaction, so a slow or unreachable mail server never slows a transition.
//
// A batch is claimed with `for update skip locked` and leased (mail_next_at moved LEASE_MS ahead, the
// attempt counted) in a short transaction; the mail is then sent with no lock held. Sent: 'sent'. A
// failure keeps the message queued with its error, tried again after a growing pause (BACKOFF_MS), and
// marks it 'failed' after MAX_ATTEMPTS. An instance that stops mid-send leaves the lease to run out, and
// the message is tried again. Nothing is sent while no SMTP host is configured (MAIL_SMTP_HOST).
import nodemailer from 'nodemailer';
import type { Db } from '../db/database.js';
import { paramValue } from '../system/params.js';

export const MAX_ATTEMPTS = 5;
/** The pause after the 1st, 2nd, ... failed attempt. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
export const LEASE_MS = 2 * 60_000;
const BATCH = 20;

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  from: string;
}

/** The SMTP settings from the system parameters; undefined while no host is set. */
export async function smtpSettings(db: Db): Promise<SmtpSettings | undefined> {
  const [host, port, tls, user, password, from] = await Promise.all(
    [
      'MAIL_SMTP_HOST',
      'MAIL_SMTP_PORT',
      'MAIL_SMTP_TLS',
      'MAIL_SMTP_USER',
      'MAIL_SMTP_PASSWORD',
      'MAIL_FROM',
    ].map((no) => paramValue(db, no)),
  );
  if (!host?.trim()) return undefined;
  const n = Number(port);
  return {
    host: host.trim(),
    port: Number.isInteger(n) && n > 0 ? n : 587,
    secure: tls === 'Y',
    user: user?.trim() ?? '',
    password: password ?? '',
    from: from?.trim() || user?.trim() || `portal@${host.trim()}`,
  };
}

export interface MailRun {
  sent: number;
  /** Failed and queued again. */
  retried: number;
  /** Failed for the last time. */
  failed: number;
}

/** Sends the queued mail due at `now`; answers what happened. */
export async function processMailQueue(db: Db, now = new Date()): Promise<MailRun> {
  const run: MailRun = { sent: 0, retried: 0, failed: 0 };
  const smtp = await smtpSettings(db);
  if (!smtp) return run;
  const claimed = await db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('bmNotice')
      .select('id')
      .where('mailStatus', '=', 'queued')
      .where('mailNextAt', '<=', now)
      .orderBy('mailNextAt')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    if (!due.length) return [];
    return tx
      .updateTable('bmNotice')
      .set((eb) => ({
        mailNextAt: new Date(now.getTime() + LEASE_MS),
        mailAttempts: eb('mailAttempts', '+', 1),
      }))
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .returning(['id', 'mailTo', 'noticeTitle', 'content', 'mailAttempts'])
      .execute();
  });
  if (!claimed.length) return run;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    for (const m of claimed) {
      try {
        await transport.sendMail({
          from: smtp.from,
          to: m.mailTo ?? '',
          subject: m.noticeTitle,
          text: m.content,
        });
        await db
          .updateTable('bmNotice')
          .set({ mailStatus: 'sent', mailSentAt: new Date(), mailError: null, mailNextAt: null })
          .where('id', '=', m.id)
          .execute();
        run.sent++;
      } catch (err) {
        const last = m.mailAttempts >= MAX_ATTEMPTS;
        const pause = BACKOFF_MS[Math.min(m.mailAttempts, BACKOFF_MS.length) - 1];
        await db
          .updateTable('bmNotice')
          .set({
            mailStatus: last ? 'failed' : 'queued',
            mailError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
            mailNextAt: last ? null : new Date(Date.now() + pause),
          })
          .where('id', '=', m.id)
          .execute();
        if (last) run.failed++;
        else run.retried++;
      }
    }
  } finally {
    transport.close();
  }
  return run;
}
