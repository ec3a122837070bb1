-- A purchaser's dashboard sums the counts of every supplier of its organisations: at a million order
-- lines that is some 80,000 day rows a call (200 suppliers in 10 organisations, each with its due days),
-- which eight purchasers opening the dashboard at once could not sum within the goal. These two tables
-- hold the same counts per organisation only, appended by the same statement triggers in the same
-- transaction (so they are never behind the orders either), and folded by the same compaction; a
-- purchaser's dashboard reads them, a supplier's the per-supplier tables of migration 098.
create table srm_purchase_org_day_stat (
  org_no       text not null,
  due_date     date not null,
  line_count   bigint not null default 0,
  open_count   bigint not null default 0,
  full_count   bigint not null default 0
);
create index srm_purchase_org_day_stat_org on srm_purchase_org_day_stat (org_no, due_date)
  include (line_count, open_count, full_count);

create table srm_purchase_org_month_stat (
  org_no       text not null,
  month        date not null,
  order_count  bigint not null default 0,
  line_count   bigint not null default 0
);
create index srm_purchase_org_month_stat_org on srm_purchase_org_month_stat (org_no, month)
  include (order_count, line_count);

create or replace function srm_purchase_stat_lines() returns trigger language plpgsql as $$
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
    insert into srm_purchase_org_day_stat (org_no, due_date, line_count, open_count, full_count)
    select org_no, coalesce(promise_date, expect_arrival_date) as due, sum(sign),
           sum(sign * (un_delivery_qty > 0)::int), sum(sign * (receipt_status = '3')::int)
      from (%s) r
     where answer_status <> '2'
     group by 1, 2
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
  execute format($q$
    insert into srm_purchase_org_month_stat (org_no, month, line_count)
    select org_no, date_trunc('month', purchase_date)::date, sum(sign)
      from (%s) r
     group by 1, 2
    having sum(sign) <> 0
$q$,
    srm_stat_delta(tg_op));
  return null;
end $$;

create or replace function srm_purchase_stat_heads() returns trigger language plpgsql as $$
begin
  execute format($q$
    insert into srm_purchase_month_stat (supplier_no, org_no, month, order_count)
    select supplier_no, org_no, date_trunc('month', purchase_date)::date, sum(sign)
      from (%s) r
     group by 1, 2, 3
    having sum(sign) <> 0
$q$,
    srm_stat_delta(tg_op));
  execute format($q$
    insert into srm_purchase_org_month_stat (org_no, month, order_count)
    select org_no, date_trunc('month', purchase_date)::date, sum(sign)
      from (%s) r
     group by 1, 2
    having sum(sign) <> 0
$q$,
    srm_stat_delta(tg_op));
  return null;
end $$;

-- Folds every key's rows into one, in all four tables (see migration 098).
create or replace function srm_purchase_stat_compact() returns void language sql as $$
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
  with gone as (delete from srm_purchase_org_day_stat returning *)
  insert into srm_purchase_org_day_stat (org_no, due_date, line_count, open_count, full_count)
  select org_no, due_date, sum(line_count), sum(open_count), sum(full_count)
    from gone group by 1, 2
  having sum(line_count) <> 0 or sum(open_count) <> 0 or sum(full_count) <> 0;
  with gone as (delete from srm_purchase_org_month_stat returning *)
  insert into srm_purchase_org_month_stat (org_no, month, order_count, line_count)
  select org_no, month, sum(order_count), sum(line_count)
    from gone group by 1, 2
  having sum(order_count) <> 0 or sum(line_count) <> 0;
$$;

-- What is there already, from the per-supplier counts.
insert into srm_purchase_org_day_stat (org_no, due_date, line_count, open_count, full_count)
select org_no, due_date, sum(line_count), sum(open_count), sum(full_count)
  from srm_purchase_day_stat group by 1, 2
having sum(line_count) <> 0 or sum(open_count) <> 0 or sum(full_count) <> 0;
insert into srm_purchase_org_month_stat (org_no, month, order_count, line_count)
select org_no, month, sum(order_count), sum(line_count)
  from srm_purchase_month_stat group by 1, 2
having sum(order_count) <> 0 or sum(line_count) <> 0;
