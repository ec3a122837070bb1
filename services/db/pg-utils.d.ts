// node-postgres serializes a parameter as text (or a Buffer for bytea) with this function of its own;
// @types/pg does not declare the module.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
