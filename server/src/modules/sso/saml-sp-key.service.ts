import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SigningService } from '../../platform/signing/signing.service.js';
import { SamlSpKeyRow } from './entities/sp-key.entity.js';
import { selfSignedCertificate } from './saml-cert.js';

export interface SpKey {
  certificate: string;
  privateKeyPem: string;
}

const KEY_ID = 'sp';

/**
 * Muster's SAML service-provider key pair (RSA 2048) and self-signed certificate (10 years): made
 * once, on first use, and kept in the database with the private key encrypted. Two processes
 * making one at once: the first stored wins, the other reads it.
 */
@Injectable()
export class SamlSpKeyService {
  private cached: SpKey | null = null;

  constructor(
    @InjectRepository(SamlSpKeyRow) private readonly keys: Repository<SamlSpKeyRow>,
    private readonly signing: SigningService,
  ) {}

  async key(): Promise<SpKey> {
    if (this.cached) return this.cached;
    let row = await this.keys.findOne({ where: { id: KEY_ID } });
    if (!row) {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const now = new Date();
      const certificate = selfSignedCertificate({
        privateKey,
        commonName: 'Muster SAML service provider',
        notBefore: new Date(now.getTime() - 3_600_000),
        notAfter: new Date(now.getTime() + 10 * 365 * 86_400_000),
      });
      const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
      await this.keys
        .createQueryBuilder()
        .insert()
        .values({ id: KEY_ID, certificate, privateKeyEnc: this.signing.seal(Buffer.from(pem), 'saml-sp') })
        .orIgnore()
        .execute();
      row = await this.keys.findOneOrFail({ where: { id: KEY_ID } });
    }
    const privateKeyPem = this.signing.unseal(row.privateKeyEnc, 'saml-sp').toString('utf8');
    createPrivateKey(privateKeyPem); // a damaged key fails here, not in the middle of a sign-in
    this.cached = { certificate: row.certificate, privateKeyPem };
    return this.cached;
  }
}
