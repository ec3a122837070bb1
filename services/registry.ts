// Services are declared, not wired: each method names its payload schema, who may call it and its
// handler. The HTTP layer turns every declared method into one route.

import type { FlagName } from '../engine/core/flags.js';
import type { LookupFields } from './access/lookup-grants.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Language, Translate } from './i18n.js';
import type { ResourceDef } from './resource/define.js';

// The permission flags are data (schemas/flag.schema.json, through engine/core/flags.ts), shared with
// the engine: the names in the fixed toolbar order.
export { MENU_FLAGS } from '../engine/core/flags.js';
export type MenuFlag = FlagName;
/** The calling menu's flags: true for each flag the user's roles grant there (and the menu offers). */
export type Flags = Record<MenuFlag, boolean>;

export interface DataScope {
  /** Admins (scope_all) see every organisation, warehouse and classify type. */
  all: boolean;
  orgs: string[];
  warehouses: string[];
  classifyTypes: string[];
  /** A supplier's user sees only this supplier's rows. */
  supplierNo: string | null;
}

export interface SessionUser {
  id: string;
  userNo: string;
  userName: string;
  orgNo: string | null;
  tokenHash: string;
  scope: DataScope;
}

export interface CallContext {
  db: Db;
  config: Config;
  lang: Language;
  t: Translate;
  /** Set for every method whose access is not public. */
  user?: SessionUser;
  /** The menu whose flags allowed the call (App-Module-Number or its owning ancestor). */
  menuNo?: string;
  flags?: Flags;
  /** The call came from another screen's selector: valid records only. */
  lookup: boolean;
  /** A lookup's answer carries only these fields (services/access/lookup-grants.ts); all when unset. */
  lookupFields?: LookupFields;
  ip: string;
  /** The client's User-Agent, kept with a new session so its user recognises it. */
  userAgent?: string;
  /** Where the call came from: the portal's screens, or a machine client of the integration API. */
  source?: 'portal' | 'integration';
  /** The live channel to the users' open pages; absent where no server runs (a script, a job). */
  live?: LiveChannel;
}

export interface LiveChannel {
  /** Tells every open page of the user (every tab, every instance) its inbox's count and latest messages. */
  inboxChanged(userId: string, inbox: { unread: number; latest: unknown[] }): void;
}

export type Access =
  /** No login needed. */
  | { kind: 'public' }
  /** Any logged-in user; data scope still applies. */
  | { kind: 'user' }
  /**
   * The calling menu (App-Module-Number, or an ancestor of it) must be one of `menus` and grant `flag`.
   * With `lookup`, a call from another menu the user can open is allowed as a selector lookup when
   * that menu's screens name the call (services/access/lookup-grants.ts).
   */
  | { kind: 'menu'; menus: readonly string[]; flag: MenuFlag; lookup?: boolean };

export type JsonSchema = Record<string, unknown>;

export interface FileAnswerOptions {
  /** Shown in the browser (an avatar image) rather than saved: content-disposition inline. */
  inline?: boolean;
  /** Size in bytes when known, sent as content-length. */
  length?: number;
}

/** A method's answer that is a file (an export, a download) rather than an envelope. */
export class FileAnswer {
  constructor(
    readonly contentType: string,
    readonly fileName: string,
    readonly body: NodeJS.ReadableStream,
    readonly options: FileAnswerOptions = {},
  ) {}
}

export interface MethodDef<Body = unknown> {
  /** JSON Schema of the whole body ({condition, current, size}). Nothing reaches a handler unvalidated. */
  body: JsonSchema;
  access: Access;
  /** The resource a standard method serves, so tooling (check:screens, new:screen) can read its fields. */
  resource?: ResourceDef;
  /**
   * Whether a successful call is an operation-log change ('write') or not ('read'); undeclared, a
   * method whose name starts with get, down, export, list, query, search, check, my, print or count
   * reads and any other writes (services/system/audit.ts).
   */
  audit?: 'write' | 'read';
  /**
   * Each client address may make this call only so often (services/http/throttle.ts): `true` for a
   * call worth guessing at (a login, a password change; config.throttle), or a budget of its own (the
   * public calls a visitor makes without a login).
   */
  throttled?: true | { max: number; windowMinutes: number };
  handler(ctx: CallContext, body: Body): Promise<unknown>;
}

export interface ServiceDef {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: each method narrows its own body type.
  methods: Record<string, MethodDef<any>>;
}

export function defineService(name: string, methods: ServiceDef['methods']): ServiceDef {
  return { name, methods };
}

export function defineMethod<Body>(def: MethodDef<Body>): MethodDef<Body> {
  return def;
}
