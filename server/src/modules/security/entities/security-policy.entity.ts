import type { MemberRole, SignInMethod } from '@muster/contracts';
import { Column, Entity, Index, UpdateDateColumn } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/**
 * An organisation's security policy (one row per organisation; none means the defaults). The
 * default auto-lock lives on the organisation itself (`organizations.default_auto_lock_minutes`),
 * where the sessions' profile reads it.
 */
@Entity({ name: 'security_policies' })
@Index('security_policies_org_id_key', ['orgId'], { unique: true })
export class SecurityPolicyRow extends OrgOwnedEntity {
  @Column({ name: 'password_min_length', type: 'integer' })
  passwordMinLength: number;

  @Column({ name: 'reject_common_passwords', type: 'boolean' })
  rejectCommonPasswords: boolean;

  @Column({ name: 'sign_in_methods', type: 'varchar', length: 16, array: true })
  signInMethods: SignInMethod[];

  @Column({ name: 'admins_may_use_codes', type: 'boolean' })
  adminsMayUseCodes: boolean;

  @Column({ name: 'pins_required', type: 'boolean' })
  pinsRequired: boolean;

  @Column({ name: 'verification_roles', type: 'varchar', length: 32, array: true })
  verificationRoles: MemberRole[];

  /** The day (YYYY-MM-DD) by which the roles above must have passed ID verification. */
  @Column({ name: 'verification_due_by', type: 'date', nullable: true })
  verificationDueBy: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
