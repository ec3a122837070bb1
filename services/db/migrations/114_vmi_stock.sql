-- Vendor-managed (VMI) and escrow stock, as the warehouse system reports it through the integration API
-- (services/integration/stock.ts): snapshots of what lies in a warehouse for a supplier, and the
-- movements in and out between them. Both sides read it on Inventory synergy (ISupSrmVmiService).

-- One row per organisation, warehouse, supplier, item and kind (1 VMI, 2 escrow). `snapshot_qty` is the
-- stock the warehouse counted at `as_of` (null: no snapshot yet, only movements); `qty` is the stock now:
-- the snapshot plus every valid movement after it, recomputed by each batch that touches the row.
create table srm_vmi_stock (
  id             uuid primary key default gen_random_uuid(),
  version        integer not null default 1,
  org_no         text not null,
  warehouse_no   text not null,
  supplier_no    text not null,
  item_no        text not null,
  item_name      text,
  unit_no        text not null,
  stock_kind     text not null default '1' check (stock_kind in ('1', '2')),
  snapshot_qty   numeric(20, 5) not null default 0,
  as_of          timestamptz,
  qty            numeric(20, 5) not null default 0,
  last_move_at   timestamptz,
  create_name    text,
  create_date    timestamptz not null default now(),
  update_name    text,
  update_date    timestamptz not null default now(),
  unique (org_no, warehouse_no, supplier_no, item_no, stock_kind)
);
create index srm_vmi_stock_supplier on srm_vmi_stock (supplier_no, org_no);

-- A movement of VMI or escrow stock: 1 in (a receipt into the warehouse), 2 out (an issue to
-- production), 3 adjustment (a count difference), keyed by the WMS's id and corrected by a newer
-- version; `qty` is the signed change (an out is negative), `voided` takes it back.
create table srm_vmi_move (
  id                uuid primary key default gen_random_uuid(),
  version           integer not null default 1,
  org_no            text not null,
  external_id       text not null,
  external_version  bigint not null,
  warehouse_no      text not null,
  supplier_no       text not null,
  item_no           text not null,
  item_name         text,
  unit_no           text not null,
  stock_kind        text not null default '1' check (stock_kind in ('1', '2')),
  move_type         text not null check (move_type in ('1', '2', '3')),
  qty               numeric(20, 5) not null check (qty <> 0),
  move_date         timestamptz not null,
  doc_no            text,
  remark            text,
  voided            text not null default 'N' check (voided in ('Y', 'N')),
  create_name       text,
  create_date       timestamptz not null default now(),
  update_name       text,
  update_date       timestamptz not null default now(),
  unique (org_no, external_id)
);
create index srm_vmi_move_stock on srm_vmi_move (org_no, warehouse_no, supplier_no, item_no, stock_kind, move_date);
create index srm_vmi_move_supplier on srm_vmi_move (supplier_no, move_date);
