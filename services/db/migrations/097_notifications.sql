-- Notifications (services/notify/): business events of the outbox become messages, each message knows the
-- document it is about and how to open it, and an e-mail message carries its delivery state.

-- The document a message is about (kind, id, number), the page that opens it for its receiver, the
-- outbox event it came from, and its e-mail: address, state (queued, sent, failed), attempts, the last
-- error, when it is tried next and when it was sent. A message that is not e-mailed has no mail state.
alter table bm_notice
  add column doc_kind      text,
  add column doc_id        uuid,
  add column doc_no        text,
  add column link          text,
  add column event_id      bigint,
  add column mail_to       text,
  add column mail_status   text check (mail_status in ('queued', 'sent', 'failed')),
  add column mail_attempts integer not null default 0,
  add column mail_error    text,
  add column mail_next_at  timestamptz,
  add column mail_sent_at  timestamptz;
-- The mail worker's queue: queued messages by when they are due.
create index bm_notice_mail_queue on bm_notice (mail_next_at) where mail_status = 'queued';
-- The bell: a user's unread messages.
create index bm_notice_unread on bm_notice (receiver_user_no, send_date) where read_status = '0';

-- A policy may also send to the users of named organisations (comma-separated orgNo).
alter table bm_notice_policy add column receiver_orgs text;

-- The language a user reads messages in (the one the portal was last used in); null: the default.
alter table sys_user add column language text check (language in ('en-US', 'zh-CN', 'zh-TW', 'vi'));

-- The dispatcher's place in the outbox. Every event above `last_id` is either in notify_dispatched
-- (handled) or still to do; the mark only moves past events old enough that no transaction can still be
-- writing one below them, and the handled rows below it are then dropped.
create table notify_cursor (
  name        text primary key,
  last_id     bigint not null default 0,
  update_date timestamptz not null default now()
);

-- Events handled above the cursor. Inserted in the transaction that writes the event's messages, with
-- the event's id as the key, so an event is turned into messages once however many instances run.
create table notify_dispatched (
  outbox_id     bigint primary key,
  dispatch_date timestamptz not null default now()
);

-- Order lines already reported as answer overdue: once per line and due date (a line the ERP changes
-- gets a new due date, and can be overdue once more).
create table notify_overdue (
  line_id     uuid not null,
  due_date    date not null,
  create_date timestamptz not null default now(),
  primary key (line_id, due_date)
);
