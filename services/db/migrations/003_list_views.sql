-- Saved list views (beyond the spec): personal, or shared with one role. Column settings and each
-- user's default view per screen are user preferences (sys_user_pref).
create table sys_view (
  id             uuid primary key default gen_random_uuid(),
  version        integer not null default 1,
  module         text not null,
  view_name      text not null,
  owner_id       uuid not null references sys_user (id) on delete cascade,
  shared_role_id uuid references sys_role (id) on delete set null,
  content        jsonb not null,
  create_name    text,
  create_date    timestamptz not null default now(),
  update_name    text,
  update_date    timestamptz not null default now(),
  unique (module, owner_id, view_name)
);
create index sys_view_module on sys_view (module);
