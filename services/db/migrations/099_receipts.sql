-- Receipts from the warehouse (spec 001 sections 2 to 4: acceptance, rejection, return and warehousing
-- details; receipt statuses Y reviewed, V void). The WMS reports each event against one delivery notice
-- line through the integration API (services/integration/receipts.ts); one table holds the four kinds,
-- told apart by receipt_type, because they share every column and every rule (scope, idempotency, the
-- line they name) and the quantities of a line are sums over its events of each kind:
--   1 acceptance   goods accepted at inspection (the line's and the order line's receive_qty)
--   2 rejection    goods refused at inspection, with a reason (reject_qty; check_return_qty)
--   3 return       accepted goods sent back to the supplier, to be delivered again (return_exchange_qty)
--   4 warehousing  accepted goods put away into stock
-- A receipt is keyed by the WMS's id within the organisation (external_id) and carries its version: a
-- replay changes nothing, an older version is ignored, a newer one corrects the quantity or voids the
-- receipt (status V: it no longer counts). The notice's and the order line's numbers, item and unit are
-- copied from the line it names, so lists, scope and exports need no join.
create table srm_receipt (
  id                uuid primary key default gen_random_uuid(),
  version           integer not null default 1,
  receipt_type      text not null check (receipt_type in ('1', '2', '3', '4')),
  status            text not null default 'Y' check (status in ('Y', 'V')),
  -- The WMS's document number (goods receipt, inspection, return or put-away order), else its id.
  doc_no            text not null,
  org_no            text not null references bm_org (org_no) on update cascade,
  supplier_no       text not null references bm_supplier (supplier_no) on update cascade,
  warehouse_no      text not null,
  asn_id            uuid not null references srm_asn_head (id),
  asn_no            text not null,
  asn_line_id       uuid not null references srm_asn_line (id),
  line_seq          integer not null,
  purchase_id       uuid not null references srm_purchase (id),
  purchase_no       text not null,
  purchase_seq      integer not null,
  item_no           text not null,
  item_name         text,
  unit_no           text not null,
  lot_no            text,
  qty               numeric(20, 5) not null check (qty > 0),
  reason            text,
  cell_no           text,
  operator          text,
  receipt_date      timestamptz not null default now(),
  -- The day of receipt_date in the server's time zone, for the lists' date searches.
  receipt_day       date not null default current_date,
  remark            text,
  external_id       text not null,
  external_version  bigint not null,
  create_name       text,
  create_date       timestamptz not null default now(),
  update_name       text,
  update_date       timestamptz not null default now(),
  unique (org_no, external_id)
);
create index srm_receipt_line on srm_receipt (asn_line_id, receipt_type);
create index srm_receipt_purchase on srm_receipt (purchase_id, receipt_type);
create index srm_receipt_asn on srm_receipt (asn_id);
create index srm_receipt_supplier on srm_receipt (supplier_no, receipt_type, receipt_day desc);
create index srm_receipt_org on srm_receipt (org_no, receipt_type, receipt_day desc);

-- A notice line names itself by its notice's number and its sequence (history, refusals, events of a
-- closed line): the number is copied from the head whoever writes the line.
alter table srm_asn_line add column asn_no text;
update srm_asn_line l set asn_no = h.asn_no from srm_asn_head h where h.id = l.head_id;
create function srm_asn_line_asn_no() returns trigger language plpgsql as $$
begin
  new.asn_no := (select asn_no from srm_asn_head where id = new.head_id);
  return new;
end $$;
create trigger srm_asn_line_asn_no before insert or update of head_id on srm_asn_line
  for each row execute function srm_asn_line_asn_no();
