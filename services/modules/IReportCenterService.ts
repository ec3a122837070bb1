// The report centre's custom menu entry (custom:IReportCenterService/getReportUrl, set on the menu
// screen): the browser posts here and opens the address it gets in a new window. The address is
// configured (REPORT_CENTER_URL, unset by default: no address) and its placeholders are filled from the
// caller's scope, so each user lands in their own organisation.
import { defineMethod, defineService } from '../registry.js';

export const IReportCenterService = defineService('IReportCenterService', {
  getReportUrl: defineMethod({
    body: { type: 'object' },
    access: { kind: 'user' },
    handler: async (ctx) => {
      // Not configured: no address, which the browser says rather than opening something else.
      if (!ctx.config.reportCenterUrl.trim()) return { url: null };
      const user = ctx.user!;
      const values: Record<string, string> = {
        orgNo: user.orgNo ?? '',
        warehouseNo: user.scope.warehouses[0] ?? '',
        classifyType: user.scope.classifyTypes[0] ?? '',
        userNo: user.userNo,
      };
      const url = ctx.config.reportCenterUrl.replace(/\{(\w+)\}/g, (_, key: string) =>
        encodeURIComponent(values[key] ?? ''),
      );
      return { url };
    },
  }),
});
