-- Export and import template configuration (BaseManage.Config.ExportTemplate and .ImportTemplate).
--
-- An export template made on the admin screen carries its name in every language (template_name,
-- {"en-US": ..., ...}); the seeded ones keep their locale key exportTemplate.<module>.<exportName>.
-- A column is {prop, header?}: header, when given, is written instead of the field's label.
-- One default per module: the service moves the mark in one transaction; the index holds it anyway.
alter table sys_export_template add column template_name jsonb;
-- The list shows how many columns a template writes ('*custom' counts as one).
alter table sys_export_template
  add column column_count integer generated always as (jsonb_array_length(columns)) stored;
create unique index sys_export_template_one_default on sys_export_template (module) where is_default = 1;

-- Where {port}/downExcelTemplate takes its workbook from (spec 000: "Template download:
-- {port}/downExcelTemplate or a configured address"): generated from the screen, an uploaded .xlsx
-- kept in the files store, or an external address the import dialog opens. No active row: generated.
create table sys_import_template (
  id              uuid primary key default gen_random_uuid(),
  version         integer not null default 1,
  port            text not null,
  template_source text not null default 'generated' check (template_source in ('generated', 'file', 'url')),
  file_id         uuid references sys_file (id),
  template_url    text check (template_url ~ '^https?://'),
  remark          text,
  status_code     text not null default '1' check (status_code in ('0', '1')),
  create_name     text,
  create_date     timestamptz not null default now(),
  update_name     text,
  update_date     timestamptz not null default now(),
  check (template_source <> 'file' or file_id is not null),
  check (template_source <> 'url' or template_url is not null)
);
create unique index sys_import_template_active on sys_import_template (port) where status_code = '1';
create index sys_import_template_update_date on sys_import_template (update_date desc, id);
