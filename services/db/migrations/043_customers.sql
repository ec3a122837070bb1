-- Customers and their addresses (spec 001 sections 2 and 3). An address belongs to its customer and
-- goes with it; at most one address per customer is the default.
create table bm_customer (
  id                  uuid primary key default gen_random_uuid(),
  version             integer not null default 1,
  org_no              text not null references bm_org (org_no) on update cascade,
  customer_no         text not null unique,
  customer_name       text not null,
  customer_short_name text,
  customer_type       text,
  contact             text,
  tel_no              text,
  mobile_no           text,
  email               text,
  address             text,
  status_code         text not null default '1' check (status_code in ('0', '1')),
  remark              text,
  ext                 jsonb not null default '{}',
  create_name         text,
  create_date         timestamptz not null default now(),
  update_name         text,
  update_date         timestamptz not null default now(),
  unique (org_no, customer_no)
);

create table bm_customer_address (
  id          uuid primary key default gen_random_uuid(),
  version     integer not null default 1,
  org_no      text not null,
  customer_no text not null,
  country     text,
  province    text,
  city        text,
  district    text,
  address     text not null,
  zip         text,
  contact     text,
  tel_no      text,
  mobile_no   text,
  is_default  text not null default 'N' check (is_default in ('Y', 'N')),
  status_code text not null default '1' check (status_code in ('0', '1')),
  remark      text,
  ext         jsonb not null default '{}',
  create_name text,
  create_date timestamptz not null default now(),
  update_name text,
  update_date timestamptz not null default now(),
  foreign key (org_no, customer_no) references bm_customer (org_no, customer_no) on update cascade on delete cascade
);
create unique index bm_customer_address_one_default on bm_customer_address (customer_no) where is_default = 'Y';
