-- When the ERP last fed the portal, per entity and organisation: stamped by each accepted batch of the
-- integration API (a replay included: it says the ERP still has the same), read by "sync latest"
-- (ISupSrmPurchaseService/syncLatestInfo), which asks the ERP for fresh data through the outbox.
create table int_feed (
  entity  text not null,
  org_no  text not null,
  fed_at  timestamptz not null,
  primary key (entity, org_no)
);
