-- Units of measure and their conversions (spec 001 section 3), per organisation: the same unit number
-- (PCS, KG) exists in every organisation that uses it.
create table bm_unit (
  id            uuid primary key default gen_random_uuid(),
  version       integer not null default 1,
  org_no        text not null references bm_org (org_no) on update cascade,
  unit_no       text not null,
  unit_name     text not null,
  unit_type     text,
  dicimal_digit integer not null default 0 check (dicimal_digit between 0 and 5),
  rounding_type text not null default '1',
  status_code   text not null default '1' check (status_code in ('0', '1')),
  remark        text,
  ext           jsonb not null default '{}',
  create_name   text,
  create_date   timestamptz not null default now(),
  update_name   text,
  update_date   timestamptz not null default now(),
  unique (org_no, unit_no)
);

-- Spec 001 section 5: source and target quantity must not be 0 (and a quantity is never negative).
create table bm_unit_convert (
  id           uuid primary key default gen_random_uuid(),
  version      integer not null default 1,
  org_no       text not null references bm_org (org_no) on update cascade,
  from_unit_no text not null,
  from_unit_pt numeric(20, 5) not null check (from_unit_pt > 0),
  to_unit_no   text not null,
  to_unit_pt   numeric(20, 5) not null check (to_unit_pt > 0),
  status_code  text not null default '1' check (status_code in ('0', '1')),
  remark       text,
  ext          jsonb not null default '{}',
  create_name  text,
  create_date  timestamptz not null default now(),
  update_name  text,
  update_date  timestamptz not null default now(),
  unique (org_no, from_unit_no, to_unit_no),
  check (from_unit_no <> to_unit_no),
  foreign key (org_no, from_unit_no) references bm_unit (org_no, unit_no) on update cascade,
  foreign key (org_no, to_unit_no) references bm_unit (org_no, unit_no) on update cascade
);
