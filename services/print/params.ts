// System parameters the print path reads (spec 001 section 7: ISysParamService/getValueByParamNo):
// maintained on the parameter screen; an empty one falls back to the server's environment variable of
// the same name, so an installation can also set them at deployment.
import type { CallContext } from '../registry.js';
import { paramValue } from '../system/params.js';

/** The parameters printing reads, by paramNo. */
export const PRINT_PARAMS = {
  /** GET with a 1500 ms time-out: does the local print service answer? */
  checkUrl: 'PRINT_CHECK_URL',
  /** POST of a print type 1 (BarTender) job. */
  bartenderUrl: 'PRINT_BARTENDER_URL',
  /** POST of a print type 3 (Jasper) job. */
  jasperUrl: 'PRINT_JASPER_URL',
} as const;

export type PrintParam = (typeof PRINT_PARAMS)[keyof typeof PRINT_PARAMS];

/** The value of a system parameter, or undefined when it is not set. */
export async function systemParam(ctx: CallContext, paramNo: PrintParam): Promise<string | undefined> {
  const value = (await paramValue(ctx.db, paramNo))?.trim() || ctx.config.printParams?.[paramNo]?.trim();
  return value ? value : undefined;
}
