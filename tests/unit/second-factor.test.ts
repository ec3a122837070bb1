// The second factor's code checks without a database: a TOTP code is taken within one step of clock
// drift and refused once its step (or a later one) was taken; recovery codes are matched as typed.
import { generate, generateSecret } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  checkTotp,
  enrolmentOf,
  newRecoveryCodes,
  normaliseRecovery,
  recoveryHash,
  TOTP_PERIOD,
} from '../../services/auth/second-factor.js';

const secret = generateSecret();
const now = 1_800_000_015;
const step = Math.floor(now / TOTP_PERIOD);
const codeAt = (epoch: number) => generate({ secret, epoch });

describe('TOTP code check', () => {
  it('takes the current code and names its time step', async () => {
    expect(await checkTotp(secret, await codeAt(now), null, now)).toEqual({ kind: 'ok', step });
  });

  it('takes a code typed with a space in the middle', async () => {
    const code = await codeAt(now);
    expect(await checkTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, null, now)).toEqual({
      kind: 'ok',
      step,
    });
  });

  it('allows one step of clock drift either way, and no more', async () => {
    expect(await checkTotp(secret, await codeAt(now - TOTP_PERIOD), null, now)).toEqual({
      kind: 'ok',
      step: step - 1,
    });
    expect(await checkTotp(secret, await codeAt(now + TOTP_PERIOD), null, now)).toEqual({
      kind: 'ok',
      step: step + 1,
    });
    expect((await checkTotp(secret, await codeAt(now - 3 * TOTP_PERIOD), null, now)).kind).toBe('wrong');
  });

  it('refuses a code whose step was taken already, or an earlier one', async () => {
    const code = await codeAt(now);
    expect(await checkTotp(secret, code, step, now)).toEqual({ kind: 'replay' });
    expect(await checkTotp(secret, await codeAt(now - TOTP_PERIOD), step, now)).toEqual({ kind: 'replay' });
    // The next step's code is still good after this one was taken.
    expect(await checkTotp(secret, await codeAt(now + TOTP_PERIOD), step, now)).toEqual({
      kind: 'ok',
      step: step + 1,
    });
  });

  it('refuses a wrong code, letters and the wrong length', async () => {
    const code = await codeAt(now);
    const other = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await checkTotp(secret, other, null, now)).kind).toBe('wrong');
    expect((await checkTotp(secret, 'abcdef', null, now)).kind).toBe('wrong');
    expect((await checkTotp(secret, code.slice(0, 5), null, now)).kind).toBe('wrong');
  });
});

describe('recovery codes', () => {
  it('makes ten different codes of 16 characters in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  });

  it('matches a code typed in lower case, without dashes or with spaces', () => {
    const [code] = newRecoveryCodes(1);
    const hash = recoveryHash('salt', code);
    expect(recoveryHash('salt', code.toLowerCase().replaceAll('-', ''))).toBe(hash);
    expect(recoveryHash('salt', code.replaceAll('-', ' '))).toBe(hash);
    expect(recoveryHash('other', code)).not.toBe(hash);
    expect(normaliseRecovery(' ab-cd ')).toBe('ABCD');
  });
});

describe('enrolment', () => {
  it('gives the secret, the otpauth address and its QR code as an SVG image', () => {
    const e = enrolmentOf(secret, 'buyer');
    expect(e.secret).toBe(secret);
    expect(e.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(e.uri).toContain(`secret=${secret}`);
    expect(e.uri).toContain('buyer');
    expect(e.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(e.qr.split(',')[1], 'base64').toString()).toContain('<svg');
  });
});
