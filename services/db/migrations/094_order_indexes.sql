-- The supplier's order line list at scale. A supplier's user always searches its own supplier's lines
-- (the data scope), mostly over an order-date range, on a tab of answer states with the tabs' counts,
-- by a keyword (purchase number, item code or name, contains), newest order first. With only
-- (supplier_no, purchase_date) indexed, each of the list's three queries (count, page, tab counts)
-- read every line of the date range from the table to test the keyword, organisation and answer state.
-- Both indexes below hold what those tests need, so the counts are index-only scans, and their keys
-- end in the list's default order (purchase date descending, then number, line and id), so a page is
-- read in order and stops after its rows:
--   srm_purchase_supplier_answer  one tab (an answer state): its count and its page read that tab's
--                                 lines of the range only;
--   srm_purchase_supplier_list    every answer state: the tabs' counts (grouped by answer state) and
--                                 the "all" tab. It replaces the plain supplier index, which it covers.
create index srm_purchase_supplier_answer on srm_purchase
  (supplier_no, answer_status, purchase_date desc, purchase_no, purchase_seq, id)
  include (org_no, item_no, item_name);
create index srm_purchase_supplier_list on srm_purchase
  (supplier_no, purchase_date desc, purchase_no, purchase_seq, id)
  include (answer_status, org_no, item_no, item_name);
drop index srm_purchase_supplier;
