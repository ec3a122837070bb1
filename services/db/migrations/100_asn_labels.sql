-- GS1 logistic labels of delivery notices (spec 001 sections 2 and 7: label-print, split-label-print,
-- ISupBmBarcodePrintService). A supplier cuts each notice line into boxes, by the container rule's
-- quantity per box or by quantities it enters, and every box gets a label with its own serial shipping
-- container code (SSCC-18). The labels are stored, so the warehouse can scan them and a reprint shows the
-- same codes.

-- How many of an item one box of the rule holds; empty: the rule does not cut lines into boxes.
alter table bm_box_rule_head
  add column pack_qty numeric(20, 5) check (pack_qty is null or pack_qty > 0);

-- The last serial reference given out under each GS1 company prefix. A print locks the prefix's row
-- (update ... returning) until it commits, so concurrent prints take consecutive ranges: no gap, no
-- duplicate, on any number of instances.
create table srm_sscc_counter (
  company_prefix  text primary key check (company_prefix ~ '^[0-9]{6,12}$'),
  last_serial     bigint not null default 0 check (last_serial >= 0),
  update_date     timestamptz not null default now()
);

-- One row per box of a notice line. box_no counts from 1 to box_count within the line; split is Y when
-- the supplier entered the box quantities (split-label-print), N when the container rule made them.
-- company_prefix is the one the code was made with, so a reprint reads it the same way after the
-- parameter changes. The line's and the notice's codes are copied so the warehouse reads a label alone.
create table srm_asn_label (
  id               uuid primary key default gen_random_uuid(),
  version          integer not null default 1,
  sscc             text not null unique check (sscc ~ '^[0-9]{18}$'),
  company_prefix   text not null,
  head_id          uuid not null references srm_asn_head (id) on delete cascade,
  line_id          uuid not null references srm_asn_line (id) on delete cascade,
  asn_no           text not null,
  line_seq         integer not null,
  org_no           text not null references bm_org (org_no) on update cascade,
  supplier_no      text not null references bm_supplier (supplier_no) on update cascade,
  warehouse_no     text,
  purchase_no      text not null,
  purchase_seq     integer not null,
  item_no          text not null,
  item_name        text,
  unit_no          text not null,
  lot_no           text,
  box_no           integer not null check (box_no > 0),
  box_count        integer not null check (box_count >= box_no),
  qty              numeric(20, 5) not null check (qty > 0),
  box_rule_no      text,
  split            text not null default 'N' check (split in ('Y', 'N')),
  print_count      integer not null default 0 check (print_count >= 0),
  last_print_date  timestamptz,
  last_print_name  text,
  create_name      text,
  create_date      timestamptz not null default now(),
  update_name      text,
  update_date      timestamptz not null default now(),
  unique (line_id, box_no)
);
create index srm_asn_label_head on srm_asn_label (head_id, line_seq, box_no);
create index srm_asn_label_supplier on srm_asn_label (supplier_no, create_date);
create index srm_asn_label_org on srm_asn_label (org_no, create_date);
