-- The supplier's order line list searches a keyword in the purchase number, item code and item name
-- (contains, any case). Tested as three ILIKEs, the test was most of the list's time at scale: the tab
-- counts test every line of the order-date range. The three, lower-cased and joined by newlines, are
-- kept in one generated column that the list's covering indexes hold in place of the item code and
-- name, and that the keyword tests with one LIKE.
alter table srm_purchase add column keyword_text text generated always as
  (lower(purchase_no || E'\n' || coalesce(item_no, '') || E'\n' || coalesce(item_name, ''))) stored;
drop index srm_purchase_supplier_answer;
drop index srm_purchase_supplier_list;
create index srm_purchase_supplier_answer on srm_purchase
  (supplier_no, answer_status, purchase_date desc, purchase_no, purchase_seq, id)
  include (org_no, keyword_text);
create index srm_purchase_supplier_list on srm_purchase
  (supplier_no, purchase_date desc, purchase_no, purchase_seq, id)
  include (answer_status, org_no, keyword_text);
