-- A supplier's delivery addresses (spec 001 section 3, Offsite delivery → address), maintained by the
-- supplier's own users; at most one per supplier and organisation is the default.
create table bm_delivery_address (
  id                   uuid primary key default gen_random_uuid(),
  version              integer not null default 1,
  org_no               text not null references bm_org (org_no) on update cascade,
  supplier_no          text not null references bm_supplier (supplier_no) on update cascade,
  office_name          text not null,
  office_alias         text,
  contacts             text,
  telphone             text,
  mobile               text,
  area_id              text,
  zip_code             text,
  detail_address       text not null,
  longitude            numeric(9, 6) check (longitude is null or longitude between -180 and 180),
  latitude             numeric(8, 6) check (latitude is null or latitude between -90 and 90),
  loadadr_type         text,
  start_time_str       text check (coalesce(start_time_str, '') = '' or start_time_str ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  due_time_str         text check (coalesce(due_time_str, '') = '' or due_time_str ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  platform_no          text,
  default_address_sign text not null default 'N' check (default_address_sign in ('Y', 'N')),
  status_code          text not null default '1' check (status_code in ('0', '1')),
  remark               text,
  ext                  jsonb not null default '{}',
  create_name          text,
  create_date          timestamptz not null default now(),
  update_name          text,
  update_date          timestamptz not null default now(),
  check (coalesce(start_time_str, '') = '' or coalesce(due_time_str, '') = '' or start_time_str <= due_time_str)
);
create unique index bm_delivery_address_one_default on bm_delivery_address (supplier_no, org_no)
  where default_address_sign = 'Y';
