-- Answer change requests of purchase order lines (the spec's Offsite.User.Order.Acceptance.Change page),
-- as SupplyOn and Oracle iSupplier handle "accepted with changes": once the supplier has accepted a line,
-- it asks to change its promise (the promised quantity, the promised date or both) with a reason; the
-- purchaser approves (the line's promise becomes the requested one) or rejects it with a reason (the line
-- keeps its promise); the supplier may withdraw it while it is pending.
-- Status: 0 pending, 1 approved, 2 rejected, 3 withdrawn.
-- The line's order number, sequence, item, organisation and supplier are copied onto the request, so the
-- request list, its scope and its tabs need no join.
create table srm_purchase_answer_change (
  id              uuid primary key default gen_random_uuid(),
  version         integer not null default 1,
  line_id         uuid not null references srm_purchase (id) on delete cascade,
  head_id         uuid not null references srm_purchase_head (id) on delete cascade,
  purchase_no     text not null,
  purchase_seq    integer not null,
  item_no         text not null,
  org_no          text not null references bm_org (org_no) on update cascade,
  supplier_no     text not null references bm_supplier (supplier_no) on update cascade,
  -- The line's promise when asked (its ordered quantity and expected arrival date where it had none).
  old_qty         numeric(20, 5) not null,
  new_qty         numeric(20, 5) not null check (new_qty > 0),
  old_date        date not null,
  new_date        date not null,
  request_reason  text not null check (length(trim(request_reason)) > 0),
  status          text not null default '0' check (status in ('0', '1', '2', '3')),
  -- The purchaser's reason of a rejection (or remark of an approval), the last transition's reason.
  decide_reason   text,
  request_name    text,
  request_date    timestamptz not null default now(),
  decide_name     text,
  decide_date     timestamptz,
  create_name     text,
  create_date     timestamptz not null default now(),
  update_name     text,
  update_date     timestamptz not null default now(),
  -- A request changes something of the promise.
  check (new_qty <> old_qty or new_date <> old_date)
);
-- At most one pending request per line: the service says so first, in the user's language; this holds
-- the rule under concurrency too.
create unique index srm_purchase_answer_change_pending on srm_purchase_answer_change (line_id) where status = '0';
create index srm_purchase_answer_change_supplier on srm_purchase_answer_change (supplier_no, request_date desc);
create index srm_purchase_answer_change_org on srm_purchase_answer_change (org_no, status, request_date desc);
