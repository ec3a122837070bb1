// rc-util's dynamicCSS with the page's style nonce wherever the caller gave none (the build puts this
// module in its place: scripts/vite-csp-nonce.ts). Only the nonce is added; the rest is rc-util's.
import * as base from 'rc-util/es/Dom/dynamicCSS';
import { csp } from './cspNonce';

type Options = Parameters<typeof base.updateCSS>[2];

const withNonce = (option: Options = {}): Options =>
  option.csp?.nonce || !csp.nonce ? option : { ...option, csp };

export const injectCSS = (css: string, option?: Options) => base.injectCSS(css, withNonce(option));
export const updateCSS = (css: string, key: string, option?: Options) =>
  base.updateCSS(css, key, withNonce(option));
export const removeCSS = base.removeCSS;
export const clearContainerCache = base.clearContainerCache;
