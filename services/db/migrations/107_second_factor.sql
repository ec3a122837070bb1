-- An optional second factor per user: a TOTP authenticator (RFC 6238, 30-second steps, 6 digits) and
-- ten single-use recovery codes. The secret is kept as the base32 text the authenticator was given:
-- the server must read it back to check a code, and the project has no key store to encrypt it with,
-- so it is protected like the rest of the database (access to the database is access to the accounts).
create table sys_second_factor (
  user_id         uuid primary key references sys_user (id) on delete cascade,
  secret          text not null,
  -- Null while the enrolment waits for its first code; only a confirmed factor is asked for at login.
  confirmed_at    timestamptz,
  -- The newest time step whose code was taken: a code of this step or an earlier one is refused, so a
  -- code seen over someone's shoulder cannot be used again within its window.
  last_time_step  bigint,
  create_date     timestamptz not null default now()
);

-- Recovery codes, each kept only as a salted SHA-256 and usable once.
create table sys_second_factor_recovery (
  id         uuid primary key default gen_random_uuid(),
  user_id    uuid not null references sys_user (id) on delete cascade,
  salt       text not null,
  code_hash  text not null,
  used_at    timestamptz
);
create index sys_second_factor_recovery_user on sys_second_factor_recovery (user_id);

-- A password step passed for a user who must give a code ('code') or enrol first ('enrol'): no session
-- yet, only this short-lived challenge, kept by the SHA-256 of the id the browser holds.
create table sys_second_factor_challenge (
  challenge_hash  text primary key,
  user_id         uuid not null references sys_user (id) on delete cascade,
  purpose         text not null check (purpose in ('code', 'enrol')),
  attempts        integer not null default 0,
  client_ip       text,
  expires_at      timestamptz not null,
  create_date     timestamptz not null default now()
);
create index sys_second_factor_challenge_expiry on sys_second_factor_challenge (expires_at);

-- The roles whose users must have a second factor (role numbers, comma-joined; null: none).
alter table sys_password_policy add column second_factor_roles text;
