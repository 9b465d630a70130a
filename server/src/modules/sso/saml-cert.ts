import { createPublicKey, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';

/** A signing certificate of an identity provider, with what the health panel shows of it. */
export interface SamlIdpCertificate {
  /** Base64 DER, no PEM armour. */
  der: string;
  fingerprint: string;
  subject: string;
  notAfter: string;
}

/*
 * X.509 for SAML: reading an IdP's signing certificates (node:crypto's X509Certificate) and making
 * Muster's own self-signed service-provider certificate. Node can sign but not build a certificate,
 * so the few DER structures of a v3 certificate are written here; the signature is node:crypto's.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, body: Buffer): Buffer => Buffer.concat([Buffer.from([tag]), length(body.length), body]);
const seq = (...parts: Buffer[]): Buffer => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]): Buffer => tlv(0x31, Buffer.concat(parts));
const oid = (hex: string): Buffer => tlv(0x06, Buffer.from(hex, 'hex'));
const NULL = Buffer.from([0x05, 0x00]);
function integer(bytes: Buffer): Buffer {
  return tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}
const name = (commonName: string): Buffer => seq(set(seq(oid('550403'), tlv(0x0c, Buffer.from(commonName, 'utf8')))));
const SHA256_WITH_RSA = seq(oid('2a864886f70d01010b'), NULL);

/** A self-signed RSA certificate (SHA-256) for `commonName`, valid between the two dates, as PEM. */
export function selfSignedCertificate(options: { privateKey: KeyObject; commonName: string; notBefore: Date; notAfter: Date }): string {
  const spki = createPublicKey(options.privateKey).export({ format: 'der', type: 'spki' });
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    SHA256_WITH_RSA,
    name(options.commonName),
    seq(time(options.notBefore), time(options.notAfter)),
    name(options.commonName),
    spki,
  );
  const signature = sign('sha256', tbs, options.privateKey);
  const der = seq(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return pemOf(der.toString('base64'));
}

/** PEM armour around base64 DER. */
export function pemOf(base64Der: string): string {
  const lines = base64Der.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** The base64 DER inside a PEM certificate or a bare base64 one (metadata's X509Certificate). */
export function derOf(input: string): string {
  return input
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
}

/** Reads a certificate (PEM or base64); null when it is not one. */
export function parseCertificate(input: string): SamlIdpCertificate | null {
  const der = derOf(input);
  if (!der || !/^[A-Za-z0-9+/]+=*$/.test(der)) return null;
  try {
    const cert = new X509Certificate(Buffer.from(der, 'base64'));
    return {
      der,
      fingerprint: cert.fingerprint256,
      subject: cert.subject.replace(/\n/g, ', '),
      notAfter: new Date(cert.validTo).toISOString(),
    };
  } catch {
    return null;
  }
}
