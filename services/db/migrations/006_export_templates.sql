-- Export templates (spec 000 section 3: exportName, isDefault): which columns an export writes, per
-- module. A column prop '*custom' stands for the module's active custom fields.
create table sys_export_template (
  id          uuid primary key default gen_random_uuid(),
  version     integer not null default 1,
  module      text not null,
  export_name text not null,
  is_default  smallint not null default 0 check (is_default in (0, 1)),
  columns     jsonb not null,
  create_name text,
  create_date timestamptz not null default now(),
  update_name text,
  update_date timestamptz not null default now(),
  unique (module, export_name)
);
