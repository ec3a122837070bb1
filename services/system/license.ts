// Licence authorisation (spec 000 sections 4 and 6, spec 001 section 9). The vendor signs a licence
// key with its Ed25519 private key (scripts/sign-license.ts); the server holds only the public key
// (LICENSE_PUBLIC_KEY) and verifies the stored key on every read, so no administrator can make an
// installation licensed without a key the vendor signed, and a changed public key voids old keys.
// Without LICENSE_PUBLIC_KEY the installation does not check licences (isLicense 1).
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { numberParam } from './params.js';

export interface LicenseClaims {
  licensee: string;
  /** Last valid day, yyyy-MM-dd (UTC). */
  expireDate: string;
}

export interface LicenseState {
  /** The server checks licences (a public key is configured). */
  configured: boolean;
  isLicense: 0 | 1;
  licensee: string | null;
  expireDate: string | null;
  /** Whole days from today until the last valid day (0 on that day, negative after). */
  daysLeft: number | null;
  warnDays: number;
  /** Licensed, and the last day is at most warnDays away. */
  warn: boolean;
}

function publicKey(text: string): KeyObject {
  return text.includes('BEGIN')
    ? createPublicKey(text)
    : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
}

/** The claims of a key signed by the vendor; licenseInvalid for anything else. */
export function verifyLicenseKey(config: Config, key: string): LicenseClaims {
  if (!config.licensePublicKey) throw new AppError('licenseNotConfigured');
  const [payload, signature, extra] = key.trim().split('.');
  if (!payload || !signature || extra !== undefined) throw new AppError('licenseInvalid');
  let ok = false;
  try {
    ok = verify(
      null,
      Buffer.from(payload),
      publicKey(config.licensePublicKey),
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    ok = false;
  }
  if (!ok) throw new AppError('licenseInvalid');
  let claims: Partial<LicenseClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('licenseInvalid');
  }
  if (typeof claims.licensee !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(String(claims.expireDate)))
    throw new AppError('licenseInvalid');
  return { licensee: claims.licensee, expireDate: String(claims.expireDate) };
}

// Verifying a key is a pure function of the key text and the public key, so its answer may be
// remembered in this process: it is derived data, never state another instance needs.
const verified = new Map<string, LicenseClaims | null>();

function claimsOf(config: Config, key: string): LicenseClaims | null {
  const memo = `${config.licensePublicKey}\n${key}`;
  if (!verified.has(memo)) {
    if (verified.size > 100) verified.clear();
    try {
      verified.set(memo, verifyLicenseKey(config, key));
    } catch {
      verified.set(memo, null);
    }
  }
  return verified.get(memo) ?? null;
}

/**
 * The server's gate (spec 001 section 6: licence activation gates modules): with licences checked,
 * a call that is not about logging in, the session or the licence itself needs a valid licence.
 */
export async function requireLicense(db: Db, config: Config): Promise<void> {
  if (!config.licensePublicKey) return;
  const row = await db.selectFrom('sysLicense').select('licenseKey').where('id', '=', 1).executeTakeFirst();
  const claims = row?.licenseKey ? claimsOf(config, row.licenseKey) : null;
  if (!claims || daysUntil(claims.expireDate) < 0) throw new AppError('licenseRequired');
}

export function daysUntil(expireDate: string, now = new Date()): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((Date.parse(`${expireDate}T00:00:00Z`) - today) / 86_400_000);
}

export async function licenseState(db: Db, config: Config): Promise<LicenseState> {
  const warnDays = await numberParam(db, 'LICENSE_WARN_DAYS');
  if (!config.licensePublicKey)
    return {
      configured: false,
      isLicense: 1,
      licensee: null,
      expireDate: null,
      daysLeft: null,
      warnDays,
      warn: false,
    };
  const row = await db.selectFrom('sysLicense').select('licenseKey').where('id', '=', 1).executeTakeFirst();
  const claims = row?.licenseKey ? claimsOf(config, row.licenseKey) : null;
  if (!claims)
    return {
      configured: true,
      isLicense: 0,
      licensee: null,
      expireDate: null,
      daysLeft: null,
      warnDays,
      warn: false,
    };
  const daysLeft = daysUntil(claims.expireDate);
  const valid = daysLeft >= 0;
  return {
    configured: true,
    isLicense: valid ? 1 : 0,
    licensee: claims.licensee,
    expireDate: claims.expireDate,
    daysLeft,
    warnDays,
    warn: valid && daysLeft <= warnDays,
  };
}
