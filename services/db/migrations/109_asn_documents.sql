-- The papers that travel with a delivery notice (spec 001 section 3: "invoices" of the ASN, its
-- attachments) and the receipts the portal records itself where the warehouse has no WMS.

-- Invoices that travel with the goods, saved with the notice (its `invoiceList`). invoice_type: 1
-- ordinary, 2 VAT ordinary, 3 VAT special; invoice_classify: 1 paper, 2 electronic. Money has 2 decimals;
-- the rate is a percentage with 4 decimals. An invoice number appears once a notice.
create table srm_asn_invoice (
  id                uuid primary key default gen_random_uuid(),
  version           integer not null default 1,
  head_id           uuid not null references srm_asn_head (id) on delete cascade,
  seq_no            integer not null check (seq_no > 0),
  invoice_type      text not null default '3' check (invoice_type in ('1', '2', '3')),
  invoice_classify  text not null default '1' check (invoice_classify in ('1', '2')),
  invoice_no        text not null,
  invoice_date      date not null,
  invoice_amount    numeric(20, 2) not null check (invoice_amount >= 0),
  tax_rate          numeric(7, 4) not null default 0 check (tax_rate >= 0 and tax_rate <= 100),
  tax_amount        numeric(20, 2) not null default 0 check (tax_amount >= 0),
  is_goods_invoice  text not null default 'Y' check (is_goods_invoice in ('Y', 'N')),
  remark            text,
  create_name       text,
  create_date       timestamptz not null default now(),
  update_name       text,
  update_date       timestamptz not null default now(),
  unique (head_id, seq_no) deferrable initially deferred,
  unique (head_id, invoice_no) deferrable initially deferred
);

-- Attachments: files of the file store (module 'attachment') whose ref_id names the notice, listed in
-- file_ids (comma-joined, in the order the supplier gave them).
alter table srm_asn_head add column file_ids text;

-- Whether the portal records receipts for the organisation's (or one supplier's) notices: Y where the
-- warehouse has no WMS reporting through the integration API. Read from the rule without an item.
alter table srm_delivery_rule add column portal_receipt text not null default 'N'
  check (portal_receipt in ('Y', 'N'));

-- Where a receipt came from: the WMS through the integration API, or a purchaser on the portal.
alter table srm_receipt add column source text not null default 'wms' check (source in ('wms', 'portal'));

-- One row a notice line with its notice's head: what exportAsnDetail writes (head and lines), read
-- through the same scope columns and searches as the notice list.
create view srm_asn_detail as
select l.id, l.version, l.head_id, l.line_seq, l.purchase_no, l.purchase_seq, l.item_no, l.item_name,
  l.unit_no, l.delivery_qty, l.gift_qty, l.receive_qty, l.reject_qty, l.unreceived_qty, l.line_status,
  l.lot_no, l.product_date, l.remark as line_remark,
  h.asn_no, h.status, h.org_no, h.supplier_no, h.order_type, h.delivery_mode, h.delivery_date,
  h.expected_arrival_date, h.delivery_timing, h.warehouse_no, h.ship_address, h.delivery_address,
  h.sender, h.sender_contact, h.way_carriage, h.car_type, h.car_no, h.tracking_no, h.driver,
  h.driver_phone, h.remark, h.submit_date, h.create_name, h.create_date, h.update_name, h.update_date
from srm_asn_line l join srm_asn_head h on h.id = l.head_id;
