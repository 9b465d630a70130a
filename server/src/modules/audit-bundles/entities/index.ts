import { AuditBundleRow } from './audit-bundle.entity.js';

export { AuditBundleRow };

/** This module's own tables (database/entities.ts lists them). */
export const AUDIT_BUNDLE_ENTITIES = [AuditBundleRow];
