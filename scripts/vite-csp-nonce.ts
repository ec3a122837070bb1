// The page's Content-Security-Policy allows an inline <style> only with the answer's nonce
// (services/http/security.ts). antd, its icons and Formily pass the nonce from ConfigProvider's `csp`,
// but some rc-component helpers insert styles with none (the scroll-bar measure of tables, the scroll
// lock of modals and drawers, antd's static message and modal). Every one of them goes through
// rc-util's dynamicCSS, so the build hands them engine/app/dynamicCSS.ts instead: the same functions,
// with the page's nonce whenever the caller gave none.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const WRAPPER = fileURLToPath(new URL('../engine/app/dynamicCSS.ts', import.meta.url));
const ORIGINAL = /[\\/]rc-util[\\/]es[\\/]Dom[\\/]dynamicCSS\.js$/;

export function cspNonce(): Plugin {
  return {
    name: 'csp-nonce',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.includes('dynamicCSS') || importer === WRAPPER) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && ORIGINAL.test(resolved.id) ? WRAPPER : null;
    },
  };
}
