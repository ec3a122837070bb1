-- Saved search tags (spec 000 section 3): fixed tags (tag_own_type 1) for everyone on a screen, and
-- each user's common tags (2).
create table sys_tag (
  id            uuid primary key default gen_random_uuid(),
  version       integer not null default 1,
  module        text not null,
  name          text,
  tag_name      text not null,
  tag_content   text not null,
  tag_own_type  smallint not null check (tag_own_type in (1, 2)),
  tag_owner     uuid references sys_user (id) on delete cascade,
  zl_i18n_list  jsonb not null default '[]',
  create_name   text,
  create_date   timestamptz not null default now(),
  update_name   text,
  update_date   timestamptz not null default now(),
  check (tag_own_type = 1 or tag_owner is not null)
);
create index sys_tag_module on sys_tag (module, tag_own_type);
