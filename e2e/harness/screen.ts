// The widget harness's inline screen (e2e/harness/main.tsx). The harness's server is given it too
// (Config.extraScreens), so it grants this screen's selectors their lookups as it does the shipped
// screens' (services/access/lookup-grants.ts).
import type { Screen } from '../../schemas/generated/screen';

export const HARNESS_SCREEN = {
  name: 'Harness.Widgets',
  kind: 'form',
  path: '/harness',
  menuNo: 'Base.Basic.Organizational',
  titleKey: 'title.base.organizational',
  parentPath: '/base/organizational',
  service: 'IBmOrgService',
  calls: { add: 'addbmorg' },
  form: {
    mode: 'add',
    groups: [
      {
        fields: [
          { prop: 'orgNo', widget: 'remoteSelect', selector: 'organisation', required: true },
          { prop: 'warehouseNo', widget: 'remoteSelect', selector: 'warehouse', dependsOn: 'orgNo' },
          { prop: 'userNo', widget: 'userPicker', selector: 'user' },
          {
            prop: 'lines',
            widget: 'editableTable',
            rowFields: [
              { prop: 'lower', labelKey: 'field.orgName', widget: 'number', required: true },
              { prop: 'upper', labelKey: 'field.orgShortName', widget: 'number', max: 100 },
            ],
            minRows: 1,
          },
        ],
      },
      {
        fields: [
          { prop: 'docOrgNo', labelKey: 'field.orgNo', widget: 'remoteSelect', selector: 'organisation' },
          { prop: 'fieldNoName', widget: 'i18nNames' },
          {
            prop: 'docType',
            widget: 'remoteSelect',
            selector: 'docType',
            dependsOn: 'docOrgNo',
            lookupCondition: { bigModule: 'PO' },
          },
        ],
      },
    ],
  },
} satisfies Screen;
