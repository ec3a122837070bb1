/**
 * The style nonce the server put in this answer's page (services/http/security.ts). antd, its icons
 * and Formily give it to the <style> elements they insert, which the Content-Security-Policy allows
 * only with it. A `nonce` attribute reads empty once parsed; the property keeps it.
 */
export const csp = {
  nonce:
    (typeof document !== 'undefined' &&
      document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce) ||
    undefined,
};
