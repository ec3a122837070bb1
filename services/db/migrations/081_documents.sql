-- Business documents (services/document/): the history of every status transition, the numbering
-- rules and their counters, and the first document kind, announcements (spec 001 sections 3 and 4).

-- One row per document that moved: who, when, from, to, why and through which door.
create table sys_doc_history (
  id           uuid primary key default gen_random_uuid(),
  doc_kind     text not null,
  doc_id       uuid not null,
  doc_no       text,
  transition   text not null,
  from_status  text,
  to_status    text not null,
  reason       text,
  source       text not null default 'portal' check (source in ('portal', 'integration')),
  user_no      text,
  user_name    text,
  create_date  timestamptz not null default now()
);
create index sys_doc_history_doc on sys_doc_history (doc_kind, doc_id, create_date);

-- How a document kind is numbered, for every organisation ('*') or one: prefix, organisation,
-- date part and a zero-padded sequence that starts again with each new date part.
create table sys_doc_number_rule (
  id           uuid primary key default gen_random_uuid(),
  version      integer not null default 1,
  doc_kind     text not null,
  org_no       text not null default '*',
  prefix       text not null default '' check (prefix ~ '^[A-Za-z0-9-]{0,10}$'),
  with_org     text not null default 'N' check (with_org in ('Y', 'N')),
  date_part    text not null default 'yyyyMMdd' check (date_part in ('', 'yy', 'yyyy', 'yyMM', 'yyyyMM', 'yyMMdd', 'yyyyMMdd')),
  seq_length   integer not null default 4 check (seq_length between 3 and 10),
  status_code  text not null default '1' check (status_code in ('0', '1')),
  remark       text,
  create_name  text,
  create_date  timestamptz not null default now(),
  update_name  text,
  update_date  timestamptz not null default now(),
  unique (doc_kind, org_no)
);

-- The last number given per kind and stem (the number without its sequence: prefix, organisation and
-- date part), so numbers that look alike share one counter and never collide, whatever the rules
-- became. Taken with one upsert that locks the row until the document's transaction ends, so two
-- servers never hand out the same number.
create table sys_doc_number_seq (
  doc_kind    text not null,
  stem        text not null,
  last_value  bigint not null,
  primary key (doc_kind, stem)
);

-- Announcements: 0 draft, 1 published, 2 cancelled. Publish target: 1 everyone (also visitors on the
-- public page), 2 all suppliers, 3 chosen suppliers, 4 internal users.
create table srm_sys_news (
  id              uuid primary key default gen_random_uuid(),
  version         integer not null default 1,
  news_no         text not null unique,
  org_no          text not null references bm_org (org_no) on update cascade,
  title           text not null,
  content         text,
  is_top          text not null default 'N' check (is_top in ('Y', 'N')),
  publish_target  text not null default '2' check (publish_target in ('1', '2', '3', '4')),
  valid_from      date,
  valid_to        date,
  status          text not null default '0' check (status in ('0', '1', '2')),
  last_reason     text,
  publish_date    timestamptz,
  publish_name    text,
  ext             jsonb not null default '{}',
  create_name     text,
  create_date     timestamptz not null default now(),
  update_name     text,
  update_date     timestamptz not null default now(),
  check (valid_to is null or valid_from is null or valid_from <= valid_to)
);
create index srm_sys_news_status on srm_sys_news (status, org_no);

-- The chosen suppliers of an announcement whose target is 3.
create table srm_sys_news_supplier (
  id           uuid primary key default gen_random_uuid(),
  version      integer not null default 1,
  news_id      uuid not null references srm_sys_news (id) on delete cascade,
  seq_no       integer not null default 1,
  supplier_no  text not null references bm_supplier (supplier_no) on update cascade,
  create_name  text,
  create_date  timestamptz not null default now(),
  update_name  text,
  update_date  timestamptz not null default now(),
  unique (news_id, supplier_no)
);
create index srm_sys_news_supplier_no on srm_sys_news_supplier (supplier_no);
