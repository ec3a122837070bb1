-- Permission flags as data: a grant holds the names of the flags it grants (schemas/flag.schema.json),
-- so a new flag needs no schema change. The 16 boolean columns of sys_role_menu become one text[],
-- keeping every grant. A menu records the flags it offers (the seed writes them at every start from
-- services/seed/menus.ts); what it does not offer is never granted by it, whatever a grant holds. A
-- grant also records the flags the seed must not add again (seeded_flags).

-- The 16 flags of spec 000 section 6: every menu offers them.
alter table sys_menu
  add column offered_flags text[] not null default array[
    'isSearch', 'isAdd', 'isModify', 'isDelete', 'isCancelInvalid', 'isBatchUpdate', 'isPhysicalDelete',
    'isSave', 'isSubmit', 'isClose', 'isCheck', 'isImport', 'isExport', 'isPrint', 'isEnd', 'isOut'
  ]::text[];

-- A row with no flag stays: it tells the seed that the role's menu was taken away on purpose.
alter table sys_role_menu add column flags text[] not null default '{}';
-- The flags the seed no longer adds to this grant: those it gave, and all those known when an
-- administrator saved the grant. The seed gives a flag once, so taking it away lasts. The seed has
-- had its say on the 16 flags of every grant made so far.
alter table sys_role_menu add column seeded_flags text[] not null default '{}';

update sys_role_menu set seeded_flags = array[
  'isSearch', 'isAdd', 'isModify', 'isDelete', 'isCancelInvalid', 'isBatchUpdate', 'isPhysicalDelete',
  'isSave', 'isSubmit', 'isClose', 'isCheck', 'isImport', 'isExport', 'isPrint', 'isEnd', 'isOut'
]::text[], flags = array_remove(array[
  case when is_search then 'isSearch' end,
  case when is_add then 'isAdd' end,
  case when is_modify then 'isModify' end,
  case when is_delete then 'isDelete' end,
  case when is_cancel_invalid then 'isCancelInvalid' end,
  case when is_batch_update then 'isBatchUpdate' end,
  case when is_physical_delete then 'isPhysicalDelete' end,
  case when is_save then 'isSave' end,
  case when is_submit then 'isSubmit' end,
  case when is_close then 'isClose' end,
  case when is_check then 'isCheck' end,
  case when is_import then 'isImport' end,
  case when is_export then 'isExport' end,
  case when is_print then 'isPrint' end,
  case when is_end then 'isEnd' end,
  case when is_out then 'isOut' end
]::text[], null);

alter table sys_role_menu
  drop column is_search,
  drop column is_add,
  drop column is_modify,
  drop column is_delete,
  drop column is_cancel_invalid,
  drop column is_batch_update,
  drop column is_physical_delete,
  drop column is_save,
  drop column is_submit,
  drop column is_close,
  drop column is_check,
  drop column is_import,
  drop column is_export,
  drop column is_print,
  drop column is_end,
  drop column is_out;
