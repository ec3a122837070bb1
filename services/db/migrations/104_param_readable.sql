-- Which parameters any logged-in user may read (ISysParamService/getValueByParamNo): only those an
-- administrator marks readable; the rest need the parameter menu. The print dialogs of both sides read
-- the local print service's addresses, so those three are readable from the start.
alter table sys_param add column user_readable text not null default 'N' check (user_readable in ('Y', 'N'));
update sys_param set user_readable = 'Y'
  where param_no in ('PRINT_CHECK_URL', 'PRINT_BARTENDER_URL', 'PRINT_JASPER_URL');
