import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * Muster's SAML service-provider signing key pair and self-signed certificate, made once on first
 * use (not at each start). The private key is stored encrypted like the packet signing keys.
 */
@Entity({ name: 'saml_sp_keys' })
export class SamlSpKeyRow {
  /** Always 'sp' (one key for the platform). */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  id: string;

  /** PEM certificate. */
  @Column({ type: 'text' })
  certificate: string;

  /** PKCS#8 PEM private key, encrypted: `iv.tag.ciphertext`, each base64url. */
  @Column({ name: 'private_key_enc', type: 'text' })
  privateKeyEnc: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
