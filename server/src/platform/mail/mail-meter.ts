/**
 * Counts a delivered mail against its organisation's usage. The usage module provides it
 * (platform code never imports a feature module); without it, mail is delivered uncounted.
 */
export interface MailMeter {
  delivered(orgId: string): Promise<void>;
}

export const MAIL_METER = Symbol('MAIL_METER');
