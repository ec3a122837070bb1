-- The ERP/WMS integration (services/integration/): keys of the machine clients and the outbox of
-- business events they read.

-- A machine client's key: shown once when created, kept only as its SHA-256 (a key is 32 random bytes,
-- so a fast hash is enough), scoped to the entities and organisations it may write, revocable.
create table sys_api_key (
  id             uuid primary key default gen_random_uuid(),
  version        integer not null default 1,
  key_name       text not null unique,
  key_prefix     text not null unique,
  key_hash       text not null unique,
  -- Comma-separated: the inbound entities it may write (purchaseOrder) and read (event), and the
  -- organisations it serves.
  entities       text not null default '' check (entities ~ '^([a-zA-Z]+(,[a-zA-Z]+)*)?$'),
  org_nos        text not null default '' check (org_nos ~ '^([A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*)?$'),
  last_reason    text,
  status_code    text not null default '1' check (status_code in ('0', '1')),
  last_used      timestamptz,
  request_count  bigint not null default 0,
  remark         text,
  create_name    text,
  create_date    timestamptz not null default now(),
  update_name    text,
  update_date    timestamptz not null default now()
);

-- Business events, written in the transaction of the change that causes them, read in order by a cursor
-- (the id). A client sees the events of its key's organisations only.
create table int_outbox (
  id           bigint generated always as identity primary key,
  event        text not null,
  doc_kind     text not null,
  doc_id       uuid not null,
  doc_no       text,
  org_no       text not null,
  supplier_no  text,
  payload      jsonb not null default '{}',
  create_date  timestamptz not null default now()
);
create index int_outbox_org on int_outbox (org_no, id);
