-- The dictionary (spec 001: enumMid, enumValue, enumName, enumSeq, status), read by enum selectors.
create table sys_enum (
  id          uuid primary key default gen_random_uuid(),
  version     integer not null default 1,
  enum_mid    text not null,
  enum_value  text not null,
  enum_name   text not null,
  enum_seq    integer not null default 0,
  status      text not null default '1' check (status in ('0', '1')),
  create_name text,
  create_date timestamptz not null default now(),
  update_name text,
  update_date timestamptz not null default now(),
  unique (enum_mid, enum_value)
);
