-- Throttling that holds across instances. Calls a client may make only so often (logins, password
-- changes) are counted per key and window here, through @fastify/rate-limit's store
-- (services/http/throttle.ts).
create table sys_rate_limit (
  key       text primary key,
  hits      integer not null,
  reset_at  timestamptz not null
);
create index sys_rate_limit_reset on sys_rate_limit (reset_at);

-- Wrong passwords are counted per account and client address: the password policy's allowed mistakes
-- lock the account for that address only, so nobody can lock another user out by failing on purpose.
create table sys_login_failure (
  user_id       uuid not null references sys_user (id) on delete cascade,
  client_ip     text not null,
  failures      integer not null default 0,
  locked_until  timestamptz,
  update_date   timestamptz not null default now(),
  primary key (user_id, client_ip)
);
alter table sys_user drop column failed_attempts;
alter table sys_user drop column locked_until;
