-- Delivery notices (ASN, spec 001 sections 3 to 5) and the purchaser's delivery rules. A supplier ships
-- against the open quantity of its accepted order lines; the notice reserves that quantity while it is
-- open, and the order line's delivery_qty is kept equal to what open notices carry and the warehouse
-- has not yet received (services/rules/delivery.ts recomputes it; it is never added to or taken from).

-- Delivery rules (Offsite.Config.DeliveryRule): per organisation, optionally narrowed to a supplier, an
-- item or both; the most specific valid rule applies (supplier and item, supplier, item, organisation).
--   over_tolerance / under_tolerance  per cent of the ordered quantity a line may be over- or
--                                     under-delivered and still count as complete
--   need_approval                     Y: a submitted notice waits for the purchaser; N: it ships at once
--   ahead_days                        how many days before the line's due date goods may arrive and
--                                     still count as on time (earlier is "early")
--   frozen                            Y: the supplier may not submit notices in the organisation
create table srm_delivery_rule (
  id               uuid primary key default gen_random_uuid(),
  version          integer not null default 1,
  org_no           text not null references bm_org (org_no) on update cascade,
  supplier_no      text references bm_supplier (supplier_no) on update cascade,
  item_no          text,
  over_tolerance   numeric(7, 4) not null default 0 check (over_tolerance >= 0 and over_tolerance <= 100),
  under_tolerance  numeric(7, 4) not null default 0 check (under_tolerance >= 0 and under_tolerance <= 100),
  need_approval    text not null default 'Y' check (need_approval in ('Y', 'N')),
  ahead_days       integer not null default 3 check (ahead_days between 1 and 365),
  frozen           text not null default 'N' check (frozen in ('Y', 'N')),
  remark           text,
  status_code      text not null default '1' check (status_code in ('0', '1')),
  rule_key         text generated always as
                     (org_no || '/' || coalesce(supplier_no, '*') || '/' || coalesce(item_no, '*')) stored,
  create_name      text,
  create_date      timestamptz not null default now(),
  update_name      text,
  update_date      timestamptz not null default now(),
  unique (rule_key)
);

-- The notice. Status: D draft, 0 pending approval, 1 rejected, 2 shipped, 3 partially received,
-- 4 received, X voided. Delivery mode: 1 PO, 2 JIT, 3 appointment; way of carriage: 1 express,
-- 2 logistics, 3 self-delivery; delivery timing: 1 normal, 2 early, 3 delayed (stamped on submit).
create table srm_asn_head (
  id                     uuid primary key default gen_random_uuid(),
  version                integer not null default 1,
  asn_no                 text not null unique,
  org_no                 text not null references bm_org (org_no) on update cascade,
  supplier_no            text not null references bm_supplier (supplier_no) on update cascade,
  order_type             text not null default '1' check (order_type in ('1', '2', '3')),
  status                 text not null default 'D' check (status in ('D', '0', '1', '2', '3', '4', 'X')),
  delivery_mode          text not null default '1' check (delivery_mode in ('1', '2', '3')),
  delivery_date          date not null,
  expected_arrival_date  date not null,
  warehouse_no           text not null,
  ship_address_id        uuid references bm_delivery_address (id),
  ship_address           text not null,
  delivery_address       text not null,
  sender                 text not null,
  sender_contact         text not null,
  way_carriage           text check (way_carriage in ('1', '2', '3')),
  car_type               text,
  car_no                 text,
  tracking_no            text,
  driver                 text,
  driver_phone           text,
  delivery_timing        text check (delivery_timing in ('1', '2', '3')),
  remark                 text,
  last_reason            text,
  submit_date            timestamptz,
  submit_name            text,
  approve_date           timestamptz,
  approve_name           text,
  ext                    jsonb not null default '{}',
  create_name            text,
  create_date            timestamptz not null default now(),
  update_name            text,
  update_date            timestamptz not null default now(),
  check (expected_arrival_date >= delivery_date)
);
create index srm_asn_head_supplier on srm_asn_head (supplier_no, create_date desc);
create index srm_asn_head_org on srm_asn_head (org_no, status, create_date desc);

-- A line ships part of one order line (two lines of one notice may ship one order line in two lots).
-- The order line's number, item and unit are copied from it when
-- the line is saved, so lists and scope need no join. Line status: 0 open, 1 closed (the warehouse
-- takes no more against it), X voided. What is still expected:
--   unreceived_qty = greatest(0, delivery_qty - receive_qty - reject_qty) while the line is open, else 0
create table srm_asn_line (
  id               uuid primary key default gen_random_uuid(),
  version          integer not null default 1,
  head_id          uuid not null references srm_asn_head (id) on delete cascade,
  line_seq         integer not null check (line_seq > 0),
  purchase_id      uuid not null references srm_purchase (id),
  purchase_no      text not null,
  purchase_seq     integer not null,
  org_no           text not null references bm_org (org_no) on update cascade,
  supplier_no      text not null references bm_supplier (supplier_no) on update cascade,
  item_no          text not null,
  item_name        text,
  unit_no          text not null,
  delivery_qty     numeric(20, 5) not null check (delivery_qty > 0),
  gift_qty         numeric(20, 5) not null default 0 check (gift_qty >= 0),
  receive_qty      numeric(20, 5) not null default 0 check (receive_qty >= 0),
  reject_qty       numeric(20, 5) not null default 0 check (reject_qty >= 0),
  line_status      text not null default '0' check (line_status in ('0', '1', 'X')),
  unreceived_qty   numeric(20, 5) generated always as (case when line_status = '0'
                     then greatest(0, delivery_qty - receive_qty - reject_qty) else 0 end) stored,
  lot_no           text,
  product_date     date,
  delivery_timing  text check (delivery_timing in ('1', '2', '3')),
  remark           text,
  create_name      text,
  create_date      timestamptz not null default now(),
  update_name      text,
  update_date      timestamptz not null default now(),
  unique (head_id, line_seq) deferrable initially deferred
);
create index srm_asn_line_purchase on srm_asn_line (purchase_id);
create index srm_asn_line_head on srm_asn_line (head_id);
