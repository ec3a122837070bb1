-- Purchase orders (spec 001 sections 3 and 4): the buyer's ERP owns the order, its head and its lines;
-- the supplier answers each line (accept with a promised quantity and date, refuse with a reason, reopen
-- an answer to change it); the warehouse's receipts move the line's quantities. Every quantity and
-- amount is numeric, and what can be derived is derived here, once, so no writer can get it wrong.

-- Order type: 1 general, 2 subcontract (outsourced), 3 VMI.
create table srm_purchase_head (
  id                uuid primary key default gen_random_uuid(),
  version           integer not null default 1,
  purchase_no       text not null,
  org_no            text not null references bm_org (org_no) on update cascade,
  supplier_no       text not null references bm_supplier (supplier_no) on update cascade,
  order_type        text not null default '1' check (order_type in ('1', '2', '3')),
  purchase_center   text,
  factory_no        text,
  buyer_no          text,
  buyer_name        text,
  currency          text not null default 'CNY' check (currency ~ '^[A-Z]{3}$'),
  purchase_date     date not null,
  remark            text,
  -- The ERP's own key and version of the order: a replayed or older message changes nothing.
  external_id       text,
  external_version  bigint,
  ext               jsonb not null default '{}',
  create_name       text,
  create_date       timestamptz not null default now(),
  update_name       text,
  update_date       timestamptz not null default now(),
  unique (org_no, purchase_no)
);
create index srm_purchase_head_supplier on srm_purchase_head (supplier_no, purchase_date);

-- One order line (one phase and batch of an item). The head's organisation, supplier, order type and
-- number are repeated on the line so the line list, its scope and its tabs need no join.
-- Answer status: 0 to confirm, 1 accepted, 2 refused, 3 changed (the buyer changed the line after an
-- answer, or the supplier reopened its answer): to be answered again.
-- Quantities (all in the line's unit):
--   un_delivery_qty  = greatest(0, batch_pur_qty - delivery_qty - receive_qty + return_exchange_qty)
--     delivery_qty is what open delivery notices carry and the warehouse has not received yet,
--     receive_qty what it accepted; goods returned for exchange are owed again. A rejection at
--     inspection (check_return_qty) never counted as received, so it needs no correction.
--   delivery_status  1 nothing shipped or received, 2 partly, 3 nothing left to deliver
--   receipt_status   1 nothing received, 2 partly, 3 the ordered quantity received
-- Amounts: amount = round(batch_pur_qty * price, 2), tax_amount = round(amount * tax_rate / 100, 2),
-- half away from zero, as engine/core/decimal.ts rounds; a total is the sum of the rounded lines.
create table srm_purchase (
  id                   uuid primary key default gen_random_uuid(),
  version              integer not null default 1,
  head_id              uuid not null references srm_purchase_head (id) on delete cascade,
  purchase_no          text not null,
  org_no               text not null references bm_org (org_no) on update cascade,
  supplier_no          text not null references bm_supplier (supplier_no) on update cascade,
  order_type           text not null check (order_type in ('1', '2', '3')),
  purchase_seq         integer not null check (purchase_seq > 0),
  phase_seq            integer not null default 1 check (phase_seq > 0),
  batch_seq            integer not null default 1 check (batch_seq > 0),
  item_no              text not null,
  item_name            text,
  item_spec            text,
  unit_no              text not null,
  warehouse_no         text,
  batch_pur_qty        numeric(20, 5) not null check (batch_pur_qty > 0),
  price                numeric(20, 5) not null default 0 check (price >= 0),
  tax_rate             numeric(7, 4) not null default 0 check (tax_rate >= 0 and tax_rate < 100),
  amount               numeric(22, 2) generated always as (round(batch_pur_qty * price, 2)) stored,
  tax_amount           numeric(22, 2) generated always as (round(round(batch_pur_qty * price, 2) * tax_rate / 100, 2)) stored,
  purchase_date        date not null,
  expect_arrival_date  date not null,
  promise_qty          numeric(20, 5) check (promise_qty is null or promise_qty > 0),
  promise_date         date,
  answer_status        text not null default '0' check (answer_status in ('0', '1', '2', '3')),
  answer_date          timestamptz,
  answer_name          text,
  last_reason          text,
  delivery_qty         numeric(20, 5) not null default 0 check (delivery_qty >= 0),
  receive_qty          numeric(20, 5) not null default 0 check (receive_qty >= 0),
  check_return_qty     numeric(20, 5) not null default 0 check (check_return_qty >= 0),
  return_exchange_qty  numeric(20, 5) not null default 0 check (return_exchange_qty >= 0),
  un_delivery_qty      numeric(20, 5) generated always as
                         (greatest(0, batch_pur_qty - delivery_qty - receive_qty + return_exchange_qty)) stored,
  delivery_status      text generated always as (case
                         when delivery_qty + receive_qty = 0 then '1'
                         when batch_pur_qty - delivery_qty - receive_qty + return_exchange_qty > 0 then '2'
                         else '3' end) stored,
  receipt_status       text generated always as (case
                         when receive_qty = 0 then '1'
                         when receive_qty < batch_pur_qty then '2'
                         else '3' end) stored,
  external_id          text,
  ext                  jsonb not null default '{}',
  create_name          text,
  create_date          timestamptz not null default now(),
  update_name          text,
  update_date          timestamptz not null default now(),
  unique (head_id, purchase_seq, phase_seq, batch_seq),
  check (expect_arrival_date >= purchase_date),
  check (promise_date is null or promise_date >= purchase_date)
);
create index srm_purchase_supplier on srm_purchase (supplier_no, purchase_date desc);
create index srm_purchase_org on srm_purchase (org_no, answer_status, purchase_date desc);
create index srm_purchase_head_id on srm_purchase (head_id);
