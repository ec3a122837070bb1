-- Application classification codes (BaseManage.Config.ApplicationClassification): the document classify
-- types the data scope already uses, with the application they belong to (application_type: what
-- custom fields' fixed matching conditions name) and the document nature (1 inbound, 2 outbound,
-- 3 internal), which the business classify-type lookup filters by.
alter table bm_classify_type
  add column application_type text,
  add column doc_nature       text check (doc_nature is null or doc_nature in ('1', '2', '3')),
  add column remark           text;
