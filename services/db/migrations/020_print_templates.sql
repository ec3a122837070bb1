-- Document templates (spec 000 section 7, 001 section 7): what the print dialog lists
-- (ISupBmDocTemplateManageService/getReportTemplateListWithDefault) and what IReportPrintService/print
-- draws. One row per module (the screen's menu) and reportKey. The scope columns narrow who sees a
-- template: empty means everyone, a value means only prints of that organisation, customer or supplier.
-- print_type says who prints it: 1 the local BarTender service, 2 the server (a PDF), 3 the local Jasper
-- service. layout is the declarative drawing of a type 2 template (schemas/print-layout.schema.json); a
-- type 1 or 3 template is drawn by the local service from its own template named by report_key.
create table bm_print_template (
  id             uuid primary key default gen_random_uuid(),
  version        integer not null default 1,
  module         text not null,
  report_key     text not null,
  template_name  text not null,
  template_type  text not null default '4',
  print_type     smallint not null default 2 check (print_type in (1, 2, 3)),
  is_default     smallint not null default 0 check (is_default in (0, 1)),
  org_no         text,
  customer_no    text,
  supplier_no    text,
  sort           integer not null default 0,
  status_code    text not null default '1' check (status_code in ('0', '1')),
  layout         jsonb,
  remark         text,
  create_name    text,
  create_date    timestamptz not null default now(),
  update_name    text,
  update_date    timestamptz not null default now(),
  unique (module, report_key)
);
create index bm_print_template_list on bm_print_template (module, template_type, status_code);
