import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One of the platform's Ed25519 signing keys (compliance packets). The public key is published;
 * the private key is stored encrypted (AES-256-GCM under a key derived from PACKET_SIGNING_SECRET,
 * or from the DATA_DIR/packet-signing.secret file when that is unset), so a copy of the database
 * alone signs nothing. A key signs from `notBefore` until it is retired (`notAfter`); a retired key
 * still verifies what it signed.
 */
@Entity({ name: 'packet_signing_keys' })
export class SigningKeyRow {
  /** The key id: `mk-` and 12 base32 characters. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  kid: string;

  /** The raw 32-byte public key, base64url. */
  @Column({ name: 'public_key', type: 'varchar', length: 64 })
  publicKey: string;

  /** The PKCS#8 DER private key, encrypted: `iv.tag.ciphertext`, each base64url. */
  @Column({ name: 'private_key_enc', type: 'text' })
  privateKeyEnc: string;

  @Column({ name: 'not_before', type: 'timestamptz' })
  notBefore: Date;

  /** When it stopped signing (rotated out); null while active. */
  @Column({ name: 'not_after', type: 'timestamptz', nullable: true })
  notAfter: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
