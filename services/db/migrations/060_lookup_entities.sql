-- Entities only selectors need: document types (the document-type configuration a
-- document-type selector lists per organisation, business module and document nature), machines
-- (per organisation, optionally at a warehouse) and dropdown data sources (named lists of code/name
-- items). Demo rows are seeded by services/seed/lookups.ts, not here.

create table ext_bc_doc_config (
  id             uuid primary key default gen_random_uuid(),
  version        integer not null default 1,
  org_no         text not null references bm_org (org_no) on update cascade,
  -- The business module the document belongs to (PO, ASN, RECEIPT, ...).
  big_module     text not null,
  -- The document nature within the module (for example 1 inbound, 2 outbound); null: any nature.
  doc_nature     text,
  doc_type       text not null,
  doc_type_name  text not null,
  status_code    text not null default '1' check (status_code in ('0', '1')),
  remark         text,
  create_name    text,
  create_date    timestamptz not null default now(),
  update_name    text,
  update_date    timestamptz not null default now(),
  unique (org_no, doc_type)
);
create index ext_bc_doc_config_module on ext_bc_doc_config (org_no, big_module, doc_nature);

create table bm_machine (
  id            uuid primary key default gen_random_uuid(),
  version       integer not null default 1,
  org_no        text not null references bm_org (org_no) on update cascade,
  warehouse_no  text,
  machine_no    text not null unique,
  machine_name  text not null,
  status_code   text not null default '1' check (status_code in ('0', '1')),
  remark        text,
  create_name   text,
  create_date   timestamptz not null default now(),
  update_name   text,
  update_date   timestamptz not null default now()
);
create index bm_machine_org on bm_machine (org_no);

create table sys_dropdown_data (
  id           uuid primary key default gen_random_uuid(),
  version      integer not null default 1,
  -- The data source the item belongs to (CAR_TYPE, PACKING, ...); a selector names one.
  data_source  text not null,
  code         text not null,
  name         text not null,
  status_code  text not null default '1' check (status_code in ('0', '1')),
  remark       text,
  create_name  text,
  create_date  timestamptz not null default now(),
  update_name  text,
  update_date  timestamptz not null default now(),
  unique (data_source, code)
);
create index sys_dropdown_data_source on sys_dropdown_data (data_source, create_date desc);
