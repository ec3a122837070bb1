-- Table management (BaseManage.Config.TableManagement): the administrator's default column layout of a
-- list screen, for every user who has not saved column settings of their own. One row per screen
-- (module = the screen's menu number); columns is a list of column settings (schemas/list-view.schema.json).
create table sys_table_layout (
  id          uuid primary key default gen_random_uuid(),
  version     integer not null default 1,
  module      text not null unique,
  columns     jsonb not null,
  create_name text,
  create_date timestamptz not null default now(),
  update_name text,
  update_date timestamptz not null default now()
);
