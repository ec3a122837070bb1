-- A password policy may allow passwords of up to 128 characters (the spec's 6 to 20 stay the default;
-- OWASP ASVS asks that at least 64 be allowed).
alter table sys_password_policy drop constraint if exists sys_password_policy_min_length_check;
alter table sys_password_policy drop constraint if exists sys_password_policy_max_length_check;
alter table sys_password_policy add constraint sys_password_policy_min_length_check
  check (min_length between 6 and 128);
alter table sys_password_policy add constraint sys_password_policy_max_length_check
  check (max_length between 6 and 128);
