// Export templates seeded at every start when missing (administrators maintain them later on the
// export-template screen). Labels are locale keys exportTemplate.<module>.<exportName>.
export const EXPORT_TEMPLATES: { module: string; exportName: string; isDefault: 0 | 1; columns: string[] }[] =
  [
    {
      module: 'Base.Basic.Organizational',
      exportName: 'all',
      isDefault: 1,
      columns: [
        'orgNo',
        'orgName',
        'orgShortName',
        'statusCode',
        'remark',
        '*custom',
        'createName',
        'createDate',
        'updateName',
        'updateDate',
      ],
    },
    { module: 'Base.Basic.Organizational', exportName: 'codes', isDefault: 0, columns: ['orgNo', 'orgName'] },
  ];
