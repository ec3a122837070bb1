-- Wave templates and the four warehouse strategies (spec 001 sections 3, 5, 7 and 8): putaway (upper),
-- picking (under), turnover (turn) and allocation (allocate). The four kinds share one head table and
-- one rule-line table, told apart by strategy_kind; each organisation has at most one default strategy
-- per kind. Strategy application says which strategies apply to a warehouse or an item class.

create table bm_wave_manage_head (
  id              uuid primary key default gen_random_uuid(),
  version         integer not null default 1,
  org_no          text not null references bm_org (org_no) on update cascade,
  warehouse_no    text not null references bm_warehouse (warehouse_no) on update cascade,
  wave_no         text not null,
  wave_name       text not null,
  classify_type   text,
  customer_no     text,
  max_doc_count   integer check (max_doc_count is null or max_doc_count >= 1),
  max_line_count  integer check (max_line_count is null or max_line_count >= 1),
  max_qty         numeric(20, 5) check (max_qty is null or max_qty > 0),
  cut_off_time    text check (cut_off_time is null or cut_off_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  is_auto_release text not null default 'N' check (is_auto_release in ('Y', 'N')),
  status_code     text not null default '1' check (status_code in ('0', '1')),
  remark          text,
  create_name     text,
  create_date     timestamptz not null default now(),
  update_name     text,
  update_date     timestamptz not null default now(),
  unique (wave_no, org_no)
);

create table bm_strategy_head (
  id             uuid primary key default gen_random_uuid(),
  version        integer not null default 1,
  org_no         text not null references bm_org (org_no) on update cascade,
  strategy_kind  text not null check (strategy_kind in ('upper', 'under', 'turn', 'allocate')),
  strategy_no    text not null,
  strategy_name  text not null,
  is_default     text not null default 'N' check (is_default in ('Y', 'N')),
  status_code    text not null default '1' check (status_code in ('0', '1')),
  remark         text,
  create_name    text,
  create_date    timestamptz not null default now(),
  update_name    text,
  update_date    timestamptz not null default now(),
  unique (strategy_no, org_no, strategy_kind)
);
-- One default per kind and organisation; the service moves the mark, this keeps it honest.
create unique index bm_strategy_head_default on bm_strategy_head (org_no, strategy_kind) where is_default = 'Y';

create table bm_strategy_line (
  id           uuid primary key default gen_random_uuid(),
  version      integer not null default 1,
  strategy_id  uuid not null references bm_strategy_head (id) on delete cascade,
  seq_no       integer not null,
  rule_type    text,
  zone_no      text,
  cell_type    text,
  lot_att      text check (lot_att is null or lot_att ~ '^lotAtt(0[1-9]|1[0-2])$'),
  sort_order   text check (sort_order is null or sort_order in ('asc', 'desc')),
  remark       text,
  create_name  text,
  create_date  timestamptz not null default now(),
  update_name  text,
  update_date  timestamptz not null default now()
);
create index bm_strategy_line_head on bm_strategy_line (strategy_id, seq_no);

create table bm_strategy_apply (
  id                 uuid primary key default gen_random_uuid(),
  version            integer not null default 1,
  org_no             text not null references bm_org (org_no) on update cascade,
  warehouse_no       text references bm_warehouse (warehouse_no) on update cascade,
  item_class_no      text,
  upper_method_no    text,
  under_method_no    text,
  turn_method_no     text,
  allocate_method_no text,
  status_code        text not null default '1' check (status_code in ('0', '1')),
  remark             text,
  create_name        text,
  create_date        timestamptz not null default now(),
  update_name        text,
  update_date        timestamptz not null default now()
);
create unique index bm_strategy_apply_target
  on bm_strategy_apply (org_no, coalesce(warehouse_no, ''), coalesce(item_class_no, ''));
