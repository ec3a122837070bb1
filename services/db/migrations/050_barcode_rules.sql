-- Barcode, batch and container rules (spec 001 sections 3 and 5), each owned by an organisation and
-- numbered uniquely within it. Rule lines (basic elements, batch rule details) belong to their head and
-- go with it; their order is seq_no. Uniqueness inside a rule is deferred to the commit, so a save that
-- swaps two lines' codes does not trip over its own intermediate state.

create table bm_bar_rule_head (
  id            uuid primary key default gen_random_uuid(),
  version       integer not null default 1,
  org_no        text not null references bm_org (org_no) on update cascade,
  bar_rule_no   text not null,
  bar_rule_name text not null,
  bar_type      text not null default '1' check (bar_type in ('1', '2', '3', '4')),
  code_total    integer check (code_total is null or code_total between 1 and 500),
  parse_method  text not null default '1' check (parse_method in ('1', '2', '3')),
  status_code   text not null default '1' check (status_code in ('0', '1')),
  remark        text,
  create_name   text,
  create_date   timestamptz not null default now(),
  update_name   text,
  update_date   timestamptz not null default now(),
  unique (bar_rule_no, org_no)
);

create table bm_lot_rule_head (
  id            uuid primary key default gen_random_uuid(),
  version       integer not null default 1,
  org_no        text not null references bm_org (org_no) on update cascade,
  lot_rule_no   text not null,
  lot_rule_name text not null,
  status_code   text not null default '1' check (status_code in ('0', '1')),
  remark        text,
  create_name   text,
  create_date   timestamptz not null default now(),
  update_name   text,
  update_date   timestamptz not null default now(),
  unique (lot_rule_no, org_no)
);

-- Basic elements: how one part of a barcode is found and where its value goes.
create table bm_bar_rule_line (
  id             uuid primary key default gen_random_uuid(),
  version        integer not null default 1,
  bar_rule_id    uuid not null references bm_bar_rule_head (id) on delete cascade,
  seq_no         integer not null,
  coding_id      text not null check (coding_id ~ '^[A-Z]$'),
  parameter      text not null check (parameter in ('standardCol', 'guestCol', 'lotAtt')),
  field_type     text not null,
  lot_rule       text,
  input_type     text not null default 'text' check (input_type in ('text', 'date')),
  part_no        integer check (part_no is null or part_no >= 1),
  leng           integer check (leng is null or leng >= 1),
  allow_empty    text not null default 'N' check (allow_empty in ('Y', 'N')),
  prefix_char    text,
  match_criteria text,
  create_name    text,
  create_date    timestamptz not null default now(),
  update_name    text,
  update_date    timestamptz not null default now(),
  constraint bm_bar_rule_line_coding unique (bar_rule_id, coding_id) deferrable initially deferred
);
create index bm_bar_rule_line_rule on bm_bar_rule_line (bar_rule_id, seq_no);
create index bm_bar_rule_line_lot_rule on bm_bar_rule_line (lot_rule) where lot_rule is not null;

-- Batch rule details: the lot attributes a batch carries.
create table bm_lot_rule_line (
  id                     uuid primary key default gen_random_uuid(),
  version                integer not null default 1,
  lot_rule_id            uuid not null references bm_lot_rule_head (id) on delete cascade,
  seq_no                 integer not null,
  lot_att                text not null check (lot_att ~ '^lotAtt(0[1-9]|1[0-2])$'),
  is_combination_lot_no  text not null default 'N' check (is_combination_lot_no in ('Y', 'N')),
  date_format            text,
  lot_key                text not null default 'N' check (lot_key in ('Y', 'N')),
  default_value          text,
  create_name            text,
  create_date            timestamptz not null default now(),
  update_name            text,
  update_date            timestamptz not null default now(),
  constraint bm_lot_rule_line_att unique (lot_rule_id, lot_att) deferrable initially deferred
);
create index bm_lot_rule_line_rule on bm_lot_rule_line (lot_rule_id, seq_no);

create table bm_box_rule_head (
  id             uuid primary key default gen_random_uuid(),
  version        integer not null default 1,
  org_no         text not null references bm_org (org_no) on update cascade,
  box_rule_no    text not null,
  box_rule_name  text not null,
  code_total     integer not null default 10 check (code_total between 4 and 32),
  is_control_sn  text not null default 'N' check (is_control_sn in ('Y', 'N')),
  is_mix_sku     text not null default 'N' check (is_mix_sku in ('Y', 'N')),
  is_mix_lot     text not null default 'N' check (is_mix_lot in ('Y', 'N')),
  is_auto_create text not null default 'N' check (is_auto_create in ('Y', 'N')),
  is_recycle     text not null default 'N' check (is_recycle in ('Y', 'N')),
  status_code    text not null default '1' check (status_code in ('0', '1')),
  remark         text,
  create_name    text,
  create_date    timestamptz not null default now(),
  update_name    text,
  update_date    timestamptz not null default now(),
  unique (box_rule_no, org_no)
);
