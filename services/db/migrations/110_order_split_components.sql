-- Split answers and the components of subcontract orders.
--
-- A split answer: the supplier promises one order line as several parts, each a quantity on a date
-- (60 on the 5th, 40 on the 20th), as Oracle iSupplier's split shipments and SAP Business Network's
-- confirmation schedule lines do. The parts are the line's own lines (ISupSrmPurchaseService, lines
-- answerList): written with the line's answer, at the line's version, while the answer may still change
-- (to confirm or changed). The line's promise_qty is then the parts' sum and its promise_date the last
-- part's date (by when all that is promised has come). A part is scoped through its order line: it is
-- read and written only with the line, so it repeats no scope column.
create table srm_purchase_answer (
  id            uuid primary key default gen_random_uuid(),
  version       integer not null default 1,
  line_id       uuid not null references srm_purchase (id) on delete cascade,
  part_seq      integer not null check (part_seq > 0),
  promise_qty   numeric(20, 5) not null check (promise_qty > 0),
  promise_date  date not null,
  remark        text,
  create_name   text,
  create_date   timestamptz not null default now(),
  update_name   text,
  update_date   timestamptz not null default now(),
  unique (line_id, part_seq) deferrable initially deferred
);
create index srm_purchase_answer_line on srm_purchase_answer (line_id);

-- Components of a subcontract (outsourced, order type 2) order line: the materials the buyer provides
-- and the supplier receives to make the line's item, as the ERP sends them with the order (ERPNext's
-- supplied items, SAP's subcontracting components). The ERP's set: replaced whenever the ERP sends the
-- line's components again. The line's organisation, supplier and numbers are copied, so the component
-- list and its scope need no join.
create table srm_purchase_component (
  id              uuid primary key default gen_random_uuid(),
  version         integer not null default 1,
  line_id         uuid not null references srm_purchase (id) on delete cascade,
  head_id         uuid not null references srm_purchase_head (id) on delete cascade,
  purchase_no     text not null,
  purchase_seq    integer not null,
  org_no          text not null references bm_org (org_no) on update cascade,
  supplier_no     text not null references bm_supplier (supplier_no) on update cascade,
  component_seq   integer not null check (component_seq > 0),
  item_no         text not null,
  item_name       text,
  qty             numeric(20, 5) not null check (qty > 0),
  unit_no         text not null,
  create_name     text,
  create_date     timestamptz not null default now(),
  update_name     text,
  update_date     timestamptz not null default now(),
  unique (line_id, component_seq)
);
create index srm_purchase_component_line on srm_purchase_component (line_id);
create index srm_purchase_component_supplier on srm_purchase_component (supplier_no, purchase_no);

-- An order line's tracking reads the answers the ERP heard (the parts as they were when accepted).
create index int_outbox_doc on int_outbox (doc_kind, doc_id);
