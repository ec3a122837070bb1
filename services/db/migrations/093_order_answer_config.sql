-- Order answer configuration (Offsite.Config.OrderAnswer): whether the supplier must answer an order
-- line and within how many days of the order date. A rule belongs to an organisation and may narrow to
-- an order type, a supplier or both; the most specific valid rule applies (supplier and type, supplier,
-- type, organisation only: services/rules/order-answer.ts). A rule applies to lines that arrive after
-- it, as SAP's confirmation control does: the due date is written on the line when it arrives, and a
-- changed rule does not rewrite lines already there.
create table srm_order_answer_config (
  id               uuid primary key default gen_random_uuid(),
  version          integer not null default 1,
  org_no           text not null references bm_org (org_no) on update cascade,
  order_type       text check (order_type in ('1', '2', '3')),
  supplier_no      text references bm_supplier (supplier_no) on update cascade,
  answer_required  text not null default 'Y' check (answer_required in ('Y', 'N')),
  answer_days      integer check (answer_days between 1 and 365),
  remark           text,
  status_code      text not null default '1' check (status_code in ('0', '1')),
  -- One rule per organisation, order type and supplier ('*': any); its own column so a duplicate is
  -- refused naming the rule, not only its organisation.
  rule_key         text generated always as
                     (org_no || '/' || coalesce(order_type, '*') || '/' || coalesce(supplier_no, '*')) stored,
  create_name      text,
  create_date      timestamptz not null default now(),
  update_name      text,
  update_date      timestamptz not null default now(),
  unique (rule_key),
  check (answer_required = 'N' or answer_days is not null)
);
create index srm_order_answer_config_supplier on srm_order_answer_config (supplier_no);

-- The day by which the supplier's answer of a line is due: the order date plus the days of the rule
-- that applied when the line arrived; null when no rule asks for an answer.
alter table srm_purchase add column answer_due_date date;
create index srm_purchase_answer_due on srm_purchase (answer_due_date) where answer_status in ('0', '3');
