-- Menu permissions given to one user directly (the user screen's menu-permission tab). They are kept
-- as the user's personal role: a role owned by that user, hidden from role lists and lookups, so every
-- place that reads a user's flags (permission checks, the menu tree, user info) sees them unchanged.
alter table sys_role
  add column owner_user_id uuid references sys_user (id) on delete cascade;
create unique index sys_role_owner_user on sys_role (owner_user_id) where owner_user_id is not null;
