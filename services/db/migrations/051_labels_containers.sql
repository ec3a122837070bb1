-- Labels (barcodes), containers and SN barcode transactions (spec 001 sections 3, 4 and 5). They are
-- written by label printing and the warehouse; the portal queries them. A label printed by a supplier
-- carries that supplier, which limits who sees it. Items are referenced by code (item_no): the item
-- master is maintained elsewhere.

create table bm_box (
  id           uuid primary key default gen_random_uuid(),
  version      integer not null default 1,
  org_no       text not null references bm_org (org_no) on update cascade,
  supplier_no  text,
  box_no       text not null unique,
  box_rule_no  text,
  box_level    text not null default '1' check (box_level in ('1', '2', '3')),
  box_owner    text,
  usage_count  integer not null default 0 check (usage_count >= 0),
  status_code  text not null default '1' check (status_code in ('0', '1')),
  create_name  text,
  create_date  timestamptz not null default now(),
  update_name  text,
  update_date  timestamptz not null default now()
);
create index bm_box_org on bm_box (org_no, create_date);
create index bm_box_supplier on bm_box (supplier_no) where supplier_no is not null;

create table bm_barcode (
  id                 uuid primary key default gen_random_uuid(),
  version            integer not null default 1,
  org_no             text not null references bm_org (org_no) on update cascade,
  supplier_no        text,
  barcode            text not null unique,
  bar_type           text not null default '1' check (bar_type in ('1', '2', '3', '4')),
  item_no            text,
  source_no          text,
  combination_lot_no text,
  lot_date           date,
  qty                numeric(20, 5) not null default 0,
  unit_no            text,
  sn_barcode_status  text not null default '1' check (sn_barcode_status in ('1', '2', '3', '4')),
  supplier_barcode   text,
  customer_barcode   text,
  barcode_vld_date   date,
  sn_warehouse_no    text,
  sn_cell_no         text,
  box_no             text,
  status_code        text not null default '1' check (status_code in ('0', '1')),
  create_name        text,
  create_date        timestamptz not null default now(),
  update_name        text,
  update_date        timestamptz not null default now()
);
create index bm_barcode_org_date on bm_barcode (org_no, create_date);
create index bm_barcode_item on bm_barcode (item_no, create_date);
create index bm_barcode_source on bm_barcode (source_no);
create index bm_barcode_lot on bm_barcode (combination_lot_no);
create index bm_barcode_box on bm_barcode (box_no) where box_no is not null;
create index bm_barcode_supplier on bm_barcode (supplier_no) where supplier_no is not null;

-- One row per status change of an SN barcode (initial, inbound, outbound, arrival).
create table bm_sn_transaction (
  id                 uuid primary key default gen_random_uuid(),
  version            integer not null default 1,
  org_no             text not null references bm_org (org_no) on update cascade,
  supplier_no        text,
  barcode            text not null,
  item_no            text,
  combination_lot_no text,
  source_no          text,
  transaction_type   text check (transaction_type is null or transaction_type in ('1', '2')),
  sn_barcode_status  text not null check (sn_barcode_status in ('1', '2', '3', '4')),
  warehouse_no       text,
  cell_no            text,
  transaction_date   timestamptz not null default now(),
  create_name        text,
  create_date        timestamptz not null default now(),
  update_name        text,
  update_date        timestamptz not null default now()
);
create index bm_sn_transaction_date on bm_sn_transaction (org_no, transaction_date);
create index bm_sn_transaction_barcode on bm_sn_transaction (barcode, transaction_date);
create index bm_sn_transaction_item on bm_sn_transaction (item_no, transaction_date);
