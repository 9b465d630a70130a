import { Membership } from '../modules/identity/entities/membership.entity.js';
import { Organization } from '../modules/identity/entities/organization.entity.js';
import { User } from '../modules/identity/entities/user.entity.js';

/** Every TypeORM entity; new modules add theirs here. */
export const ENTITIES = [Organization, User, Membership];
