import { createCipheriv, createDecipheriv, createPrivateKey, generateKeyPairSync, hkdfSync, randomBytes, sign } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PacketKey } from '@muster/contracts';
import type { Repository } from 'typeorm';
import { IsNull } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { SPKI_PREFIX, verifyWithPublicKey } from './ed25519.js';
import { SigningKeyRow } from './signing-key.entity.js';

const KID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export interface Signed {
  kid: string;
  /** base64url. */
  signature: string;
}

function newKid(): string {
  const bytes = randomBytes(12);
  return `mk-${[...bytes].map((b) => KID_ALPHABET[b % KID_ALPHABET.length]).join('')}`;
}

/**
 * The platform's Ed25519 signing keys (`node:crypto`). One key is active (no `notAfter`): it signs
 * every new packet. `rotate()` makes a new key active and retires the old one, which keeps
 * verifying what it signed. Public keys are published with their validity.
 */
@Injectable()
export class SigningService {
  private secretKey: Buffer | null = null;

  constructor(
    @InjectRepository(SigningKeyRow) private readonly keys: Repository<SigningKeyRow>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The key-encryption key: HKDF-SHA256 of PACKET_SIGNING_SECRET, else of the data directory's secret file (made once, mode 0600). */
  private kek(): Buffer {
    if (this.secretKey) return this.secretKey;
    let secret = this.config.PACKET_SIGNING_SECRET;
    if (!secret) {
      const file = join(this.config.DATA_DIR, 'packet-signing.secret');
      if (!existsSync(file)) {
        mkdirSync(this.config.DATA_DIR, { recursive: true });
        writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
        chmodSync(file, 0o600);
      }
      secret = readFileSync(file, 'utf8').trim();
    }
    this.secretKey = Buffer.from(hkdfSync('sha256', secret, 'muster', 'packet-signing-keys', 32));
    return this.secretKey;
  }

  private encrypt(der: Buffer, kid: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.kek(), iv);
    cipher.setAAD(Buffer.from(kid));
    const body = Buffer.concat([cipher.update(der), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  private decrypt(row: SigningKeyRow): Buffer {
    const [iv, tag, body] = row.privateKeyEnc.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.kek(), iv!);
    decipher.setAAD(Buffer.from(row.kid));
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]);
  }

  /** Encrypts another platform secret (the SAML service-provider key) under the same key-encryption key. */
  seal(secret: Buffer, label: string): string {
    return this.encrypt(secret, label);
  }

  /** Decrypts what `seal` encrypted under the same label. */
  unseal(sealed: string, label: string): Buffer {
    return this.decrypt({ kid: label, privateKeyEnc: sealed } as SigningKeyRow);
  }

  private async create(now: Date): Promise<SigningKeyRow> {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const kid = newKid();
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);
    const der = privateKey.export({ format: 'der', type: 'pkcs8' });
    return this.keys.save(
      this.keys.create({
        kid,
        publicKey: raw.toString('base64url'),
        privateKeyEnc: this.encrypt(der, kid),
        notBefore: now,
        notAfter: null,
      }),
    );
  }

  /** The active key, made on first use. Two processes making one at once: the older key wins, the other is retired. */
  async active(now = new Date()): Promise<SigningKeyRow> {
    const found = await this.keys.find({ where: { notAfter: IsNull() }, order: { notBefore: 'ASC', kid: 'ASC' } });
    if (found.length) return found[0]!;
    await this.create(now);
    return this.active(now);
  }

  /** Makes a new active key; the previous one is retired from now (it still verifies). */
  async rotate(now = new Date()): Promise<{ retired: string[]; active: string }> {
    const previous = await this.keys.find({ where: { notAfter: IsNull() } });
    const next = await this.create(now);
    for (const row of previous) await this.keys.update({ kid: row.kid }, { notAfter: now });
    return { retired: previous.map((r) => r.kid), active: next.kid };
  }

  /** Signs bytes with the active key. */
  async sign(data: Buffer | string): Promise<Signed> {
    const key = await this.active();
    return this.signWith(key, data);
  }

  /** Signs bytes with a given key (the one a packet was stamped with). */
  signWith(key: SigningKeyRow, data: Buffer | string): Signed {
    const privateKey = createPrivateKey({ key: this.decrypt(key), format: 'der', type: 'pkcs8' });
    return { kid: key.kid, signature: sign(null, Buffer.from(data), privateKey).toString('base64url') };
  }

  /** Whether `signature` is a valid signature of `data` by key `kid` (any key, active or retired). */
  async verify(kid: string, data: Buffer | string, signature: string): Promise<boolean> {
    const row = await this.keys.findOne({ where: { kid } });
    if (!row) return false;
    return verifyWithPublicKey(row.publicKey, data, signature);
  }

  /** Every key with its validity, newest first (the well-known document). */
  async published(): Promise<PacketKey[]> {
    await this.active();
    const rows = await this.keys.find({ order: { notBefore: 'DESC', kid: 'ASC' } });
    return rows.map((r) => ({
      kid: r.kid,
      alg: 'Ed25519' as const,
      publicKey: r.publicKey,
      jwk: { kty: 'OKP' as const, crv: 'Ed25519' as const, x: r.publicKey, kid: r.kid, use: 'sig' as const },
      validFrom: r.notBefore.toISOString(),
      validTo: r.notAfter?.toISOString() ?? null,
    }));
  }
}

export { verifyWithPublicKey };
