-- Business control (BaseManage.Config.BusinessControl): typed business switches with a default and a
-- value per organisation (spec 001 section 6, authorisation by organisation). A seeded control the code
-- reads (is_system 'Y') is named by its locale key and keeps its number and type.
create table bm_business_control (
  id            uuid primary key default gen_random_uuid(),
  version       integer not null default 1,
  control_no    text not null unique,
  control_name  jsonb not null,
  module        text not null,
  value_type    text not null check (value_type in ('YN', 'NUMBER', 'TEXT', 'ENUM')),
  enum_mid      text,
  default_value text not null,
  is_system     text not null default 'N' check (is_system in ('Y', 'N')),
  remark        text,
  create_name   text,
  create_date   timestamptz not null default now(),
  update_name   text,
  update_date   timestamptz not null default now()
);

create table bm_business_control_value (
  id          uuid primary key default gen_random_uuid(),
  version     integer not null default 1,
  control_id  uuid not null references bm_business_control (id) on delete cascade,
  seq_no      integer not null default 1,
  org_no      text not null references bm_org (org_no) on update cascade on delete cascade,
  control_value text not null,
  create_name text,
  create_date timestamptz not null default now(),
  update_name text,
  update_date timestamptz not null default now(),
  unique (control_id, org_no)
);
create index bm_business_control_value_org on bm_business_control_value (org_no);
