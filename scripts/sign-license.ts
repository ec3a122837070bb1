// The vendor's tool for licences (services/system/license.ts).
//   npx tsx scripts/sign-license.ts keys                       prints a new Ed25519 key pair
//   npx tsx scripts/sign-license.ts sign <private.pem> <licensee> <yyyy-MM-dd>   prints a licence key
// The server gets the public key as LICENSE_PUBLIC_KEY; the private key never leaves the vendor.
import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function signLicense(privateKey: KeyObject | string, licensee: string, expireDate: string): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  const payload = Buffer.from(JSON.stringify({ licensee, expireDate })).toString('base64url');
  return `${payload}.${sign(null, Buffer.from(payload), key).toString('base64url')}`;
}

export function newKeyPair(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, file, licensee, expireDate] = process.argv.slice(2);
  if (command === 'keys') {
    const pair = newKeyPair();
    process.stdout.write(`${pair.privatePem}\n${pair.publicPem}`);
  } else if (command === 'sign' && file && licensee && /^\d{4}-\d{2}-\d{2}$/.test(expireDate ?? '')) {
    process.stdout.write(`${signLicense(readFileSync(file, 'utf8'), licensee, expireDate!)}\n`);
  } else {
    process.stderr.write('usage: sign-license.ts keys | sign <private.pem> <licensee> <yyyy-MM-dd>\n');
    process.exit(2);
  }
}
