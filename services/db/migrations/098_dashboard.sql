-- The dashboard's figures (ISupSrmIndexService): monthly purchase counts and the order line figures a
-- supplier and a purchaser watch, at the scale of a million order lines. Counting the lines of a
-- supplier (or of every organisation a purchaser serves) on every dashboard open reads hundreds of
-- thousands of rows; these two tables hold the same counts per organisation, supplier and day or month,
-- so a dashboard reads a few hundred small rows. They are kept by statement triggers on the order tables,
-- in the transaction of the change itself: a figure is never behind the orders, whoever writes them
-- (the portal, the integration API, a migration). Each statement appends one row per key it moved, with
-- what its new rows count less what its old rows counted; a reader sums a key's rows. Appending takes no
-- lock another writer waits for (an upsert of a shared counter row deadlocks two order batches that
-- touch the same suppliers in another order); srm_purchase_stat_compact() folds each key's rows into
-- one, safely beside writers. "Overdue" is read against today.

-- Order lines not refused, by the day they are due: the promised date, else the requested one.
--   line_count  lines due that day
--   open_count  of them, with something still to deliver (un_delivery_qty > 0)
--   full_count  of them, with the ordered quantity received (receipt_status 3)
create table srm_purchase_day_stat (
  supplier_no  text not null,
  org_no       text not null,
  due_date     date not null,
  line_count   bigint not null default 0,
  open_count   bigint not null default 0,
  full_count   bigint not null default 0
);
create index srm_purchase_day_stat_supplier on srm_purchase_day_stat (supplier_no, due_date)
  include (org_no, line_count, open_count, full_count);
create index srm_purchase_day_stat_org on srm_purchase_day_stat (org_no, due_date)
  include (supplier_no, line_count, open_count, full_count);

-- Orders (heads, by order date) and order lines (by their order date, refused ones included) a month.
create table srm_purchase_month_stat (
  supplier_no  text not null,
  org_no       text not null,
  month        date not null,
  order_count  bigint not null default 0,
  line_count   bigint not null default 0
);
create index srm_purchase_month_stat_supplier on srm_purchase_month_stat (supplier_no, month)
  include (org_no, order_count, line_count);
create index srm_purchase_month_stat_org on srm_purchase_month_stat (org_no, month)
  include (supplier_no, order_count, line_count);

-- The rows a statement added (+1) and took away (-1): its transition tables, which a dynamic statement
-- of the trigger function reads like the static ones.
create function srm_stat_delta(op text) returns text language sql immutable as $$
  select case op
    when 'INSERT' then 'select 1 as sign, * from stat_new'
    when 'DELETE' then 'select -1 as sign, * from stat_old'
    else 'select 1 as sign, * from stat_new union all select -1 as sign, * from stat_old' end
$$;

create function srm_purchase_stat_lines() returns trigger language plpgsql as $$
begin
  execute format($q$
    insert into srm_purchase_day_stat (supplier_no, org_no, due_date, line_count, open_count, full_count)
    select supplier_no, org_no, coalesce(promise_date, expect_arrival_date) as due, sum(sign),
           sum(sign * (un_delivery_qty > 0)::int), sum(sign * (receipt_status = '3')::int)
      from (%s) r
     where answer_status <> '2'
     group by 1, 2, 3
    having sum(sign) <> 0 or sum(sign * (un_delivery_qty > 0)::int) <> 0
        or sum(sign * (receipt_status = '3')::int) <> 0
$q$, srm_stat_delta(tg_op));
  execute format($q$
    insert into srm_purchase_month_stat (supplier_no, org_no, month, line_count)
    select supplier_no, org_no, date_trunc('month', purchase_date)::date, sum(sign)
      from (%s) r
     group by 1, 2, 3
    having sum(sign) <> 0
$q$,
    srm_stat_delta(tg_op));
  return null;
end $$;

create function srm_purchase_stat_heads() returns trigger language plpgsql as $$
begin
  execute format($q$
    insert into srm_purchase_month_stat (supplier_no, org_no, month, order_count)
    select supplier_no, org_no, date_trunc('month', purchase_date)::date, sum(sign)
      from (%s) r
     group by 1, 2, 3
    having sum(sign) <> 0
$q$,
    srm_stat_delta(tg_op));
  return null;
end $$;

create trigger srm_purchase_stat_insert after insert on srm_purchase
  referencing new table as stat_new for each statement execute function srm_purchase_stat_lines();
create trigger srm_purchase_stat_update after update on srm_purchase
  referencing old table as stat_old new table as stat_new for each statement execute function srm_purchase_stat_lines();
create trigger srm_purchase_stat_delete after delete on srm_purchase
  referencing old table as stat_old for each statement execute function srm_purchase_stat_lines();
create trigger srm_purchase_head_stat_insert after insert on srm_purchase_head
  referencing new table as stat_new for each statement execute function srm_purchase_stat_heads();
create trigger srm_purchase_head_stat_update after update on srm_purchase_head
  referencing old table as stat_old new table as stat_new for each statement execute function srm_purchase_stat_heads();
create trigger srm_purchase_head_stat_delete after delete on srm_purchase_head
  referencing old table as stat_old for each statement execute function srm_purchase_stat_heads();

-- Folds every key's rows into one (none where they sum to nothing). Rows appended meanwhile are not
-- seen by the delete and stay beside the folded one, so the sums never change; run by the scheduled job
-- or after a bulk load.
create function srm_purchase_stat_compact() returns void language sql as $$
  with gone as (delete from srm_purchase_day_stat returning *)
  insert into srm_purchase_day_stat (supplier_no, org_no, due_date, line_count, open_count, full_count)
  select supplier_no, org_no, due_date, sum(line_count), sum(open_count), sum(full_count)
    from gone group by 1, 2, 3
  having sum(line_count) <> 0 or sum(open_count) <> 0 or sum(full_count) <> 0;
  with gone as (delete from srm_purchase_month_stat returning *)
  insert into srm_purchase_month_stat (supplier_no, org_no, month, order_count, line_count)
  select supplier_no, org_no, month, sum(order_count), sum(line_count)
    from gone group by 1, 2, 3
  having sum(order_count) <> 0 or sum(line_count) <> 0;
$$;

-- What is there already.
insert into srm_purchase_day_stat (supplier_no, org_no, due_date, line_count, open_count, full_count)
select supplier_no, org_no, coalesce(promise_date, expect_arrival_date), count(*),
       count(*) filter (where un_delivery_qty > 0), count(*) filter (where receipt_status = '3')
  from srm_purchase where answer_status <> '2' group by 1, 2, 3;
insert into srm_purchase_month_stat (supplier_no, org_no, month, order_count, line_count)
select supplier_no, org_no, month, sum(o), sum(l) from (
  select supplier_no, org_no, date_trunc('month', purchase_date)::date as month, 1 as o, 0 as l from srm_purchase_head
  union all
  select supplier_no, org_no, date_trunc('month', purchase_date)::date, 0, 1 from srm_purchase
) x group by 1, 2, 3;

-- My schedule (mySchedulePage): the lines whose answer a rule asks for and that are still open, in the
-- order they are due, for a supplier (its own) and for a purchaser (its organisations; overdue ones).
create index srm_purchase_to_answer on srm_purchase (supplier_no, answer_status, answer_due_date, id)
  include (org_no) where answer_status in ('0', '3') and answer_due_date is not null;
create index srm_purchase_to_answer_org on srm_purchase (org_no, answer_due_date, id)
  include (supplier_no) where answer_status in ('0', '3') and answer_due_date is not null;
-- Notices by their expected arrival (the delivery figures of the last 90 days) and by state (my schedule).
create index srm_asn_head_supplier_arrival on srm_asn_head (supplier_no, expected_arrival_date);
create index srm_asn_head_org_arrival on srm_asn_head (org_no, expected_arrival_date);
create index srm_asn_head_supplier_status on srm_asn_head (supplier_no, status, expected_arrival_date);
