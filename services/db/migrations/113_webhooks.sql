-- Webhooks of the integration (services/integration/webhooks.ts): a key may name an address to which the
-- outbox's events of its organisations are posted, signed with the key's own secret, and each posting is
-- a delivery row that the worker sends, retries and gives up on, and an administrator resends.

-- The address, the signing secret (HMAC-SHA256: the server needs the secret itself to sign, so it is
-- kept as given, like the second factor's; it is answered once, when made) and the first event it
-- hears: events from before the address was set are history and are not posted.
alter table sys_api_key
  add column webhook_url    text check (webhook_url ~ '^https?://'),
  add column webhook_secret text,
  add column webhook_from   bigint not null default 0;

-- One posting of one event to one key's address. Written by the dispatcher in the transaction that
-- handles the event; the worker claims due ones (status 0, next_at passed), oldest event of a document
-- first. key_name, event, doc_no and org_no are the event's and the key's (neither changes), kept here
-- so the delivery log reads one table.
create table int_webhook_delivery (
  id            uuid primary key default gen_random_uuid(),
  version       integer not null default 1,
  key_id        uuid not null references sys_api_key (id) on delete cascade,
  key_name      text not null,
  event_id      bigint not null references int_outbox (id) on delete cascade,
  event         text not null,
  doc_kind      text not null,
  doc_id        uuid not null,
  doc_no        text,
  org_no        text not null,
  -- 0 waiting (first posting or a retry), 1 delivered, 2 given up
  status_code   text not null default '0' check (status_code in ('0', '1', '2')),
  attempts      integer not null default 0,
  next_at       timestamptz,
  last_status   integer,
  last_error    text,
  last_ms       integer,
  delivered_at  timestamptz,
  last_reason   text,
  create_name   text,
  create_date   timestamptz not null default now(),
  update_name   text,
  update_date   timestamptz not null default now(),
  unique (key_id, event_id)
);
create index int_webhook_delivery_due on int_webhook_delivery (next_at) where status_code = '0';
create index int_webhook_delivery_doc on int_webhook_delivery (key_id, doc_id, event_id) where status_code = '0';
create index int_webhook_delivery_list on int_webhook_delivery (create_date desc);
