-- Zones (the spec's "reservoir" areas) and storage cells of a warehouse (spec 001 section 3). A cell
-- belongs to one zone of its own warehouse; the composite keys make the database refuse a cell whose
-- zone is in another warehouse, or whose warehouse is in another organisation.
alter table bm_warehouse add constraint bm_warehouse_org_warehouse unique (org_no, warehouse_no);

create table bm_zone (
  id           uuid primary key default gen_random_uuid(),
  version      integer not null default 1,
  org_no       text not null,
  warehouse_no text not null,
  zone_no      text not null,
  zone_name    text not null,
  status_code  text not null default '1' check (status_code in ('0', '1')),
  remark       text,
  ext          jsonb not null default '{}',
  create_name  text,
  create_date  timestamptz not null default now(),
  update_name  text,
  update_date  timestamptz not null default now(),
  unique (warehouse_no, zone_no),
  foreign key (org_no, warehouse_no) references bm_warehouse (org_no, warehouse_no) on update cascade
);

create table bm_warehouse_cell (
  id                   uuid primary key default gen_random_uuid(),
  version              integer not null default 1,
  org_no               text not null,
  warehouse_no         text not null,
  zone_no              text not null,
  cell_no              text not null,
  cell_name            text,
  cell_outside_no      text,
  cell_type            text,
  shelves_type         text,
  scatter_property     text,
  is_mix_sku           text not null default '0' check (is_mix_sku in ('0', '1')),
  is_mix_lot           text not null default '0' check (is_mix_lot in ('0', '1')),
  is_bad_cell          text not null default '0' check (is_bad_cell in ('0', '1')),
  cell_out_seq         integer,
  cell_in_seq          integer,
  cell_x               integer,
  cell_y               integer,
  cell_z               integer,
  cell_length          numeric(20, 5) check (cell_length is null or cell_length >= 0),
  cell_width           numeric(20, 5) check (cell_width is null or cell_width >= 0),
  cell_height          numeric(20, 5) check (cell_height is null or cell_height >= 0),
  max_weight           numeric(20, 5) check (max_weight is null or max_weight >= 0),
  max_qty              numeric(20, 5) check (max_qty is null or max_qty >= 0),
  right_space_distance numeric(20, 5) check (right_space_distance is null or right_space_distance >= 0),
  shelf_no             text,
  status_code          text not null default '1' check (status_code in ('0', '1')),
  remark               text,
  ext                  jsonb not null default '{}',
  create_name          text,
  create_date          timestamptz not null default now(),
  update_name          text,
  update_date          timestamptz not null default now(),
  unique (warehouse_no, cell_no),
  foreign key (org_no, warehouse_no) references bm_warehouse (org_no, warehouse_no) on update cascade,
  foreign key (warehouse_no, zone_no) references bm_zone (warehouse_no, zone_no) on update cascade
);
create index bm_warehouse_cell_update_date on bm_warehouse_cell (update_date desc, id);
