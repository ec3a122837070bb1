-- Delivery approval (spec 001: "Delivery approval record: material, lot, valid from, valid to, status,
-- report"): a supplier's qualification of a material, or of one lot of it, for delivery to an
-- organisation, with the report that proves it. The supplier writes a draft and submits it; the
-- purchaser approves or rejects it (reason required) and may void an approved one.
-- Status: D draft, 0 pending, 1 approved, 2 rejected, X voided (the spec's four, plus the draft).
--   lot_no       empty: every lot of the material
--   report_ids   the report's files in the file store (services/files), comma-joined ids
create table srm_delivery_approval (
  id             uuid primary key default gen_random_uuid(),
  version        integer not null default 1,
  approval_no    text not null unique,
  org_no         text not null references bm_org (org_no) on update cascade,
  supplier_no    text not null references bm_supplier (supplier_no) on update cascade,
  item_no        text not null,
  lot_no         text,
  valid_from     date not null,
  valid_to       date not null,
  status         text not null default 'D' check (status in ('D', '0', '1', '2', 'X')),
  report_ids     text,
  remark         text,
  last_reason    text,
  submit_name    text,
  submit_date    timestamptz,
  approve_name   text,
  approve_date   timestamptz,
  create_name    text,
  create_date    timestamptz not null default now(),
  update_name    text,
  update_date    timestamptz not null default now(),
  check (valid_to >= valid_from)
);
create index srm_delivery_approval_supplier on srm_delivery_approval (supplier_no, create_date desc);
create index srm_delivery_approval_org on srm_delivery_approval (org_no, status, create_date desc);
-- What a delivery notice's check looks for: the approved qualifications of one supplier's item.
create index srm_delivery_approval_item on srm_delivery_approval (org_no, supplier_no, item_no)
  where status = '1';

-- A delivery rule may ask that the material (and lot) a notice ships has an approved delivery approval
-- valid on the notice's delivery date (services/modules/asn-qualification.ts).
alter table srm_delivery_rule
  add column need_delivery_approval text not null default 'N'
    check (need_delivery_approval in ('Y', 'N'));
