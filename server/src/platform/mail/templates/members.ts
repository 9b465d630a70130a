import type { MemberRole } from '@muster/contracts';
import { defineMail, type DurationValue, type MomentValue } from './template.js';

/** An invitation to join an organisation with a role; the link is single-use and valid 7 days. */
export const memberInviteMail = defineMail<{
  organizationName: string;
  inviterName: string;
  role: MemberRole;
  acceptUrl: string;
  validFor: DurationValue;
  until: MomentValue;
}>()({
  texts: {
    en: {
      subject: '{{inviterName}} invited you to join {{organizationName}} on Muster',
      invited: '{{inviterName}} invited you to join {{organizationName}} on Muster as {{role}}.',
      accept: 'Accept the invitation at {{acceptUrl}}',
      expiry:
        'The link works once and for {{validFor}}, until {{until}}. If you did not expect this invitation, you can ignore this email.',
      roleADMIN: 'an administrator',
      roleMANAGER: 'a manager',
      roleINTERNAL_AUDITOR: 'an internal auditor',
      roleACCOUNTANT: 'an accountant',
      roleUSER: 'a member',
    },
    es: {
      subject: '{{inviterName}} le ha invitado a unirse a {{organizationName}} en Muster',
      invited: '{{inviterName}} le ha invitado a unirse a {{organizationName}} en Muster como {{role}}.',
      accept: 'Acepte la invitación en {{acceptUrl}}',
      expiry:
        'El enlace funciona una sola vez y durante {{validFor}}, hasta el {{until}}. Si no esperaba esta invitación, puede ignorar este correo.',
      roleADMIN: 'administrador',
      roleMANAGER: 'responsable',
      roleINTERNAL_AUDITOR: 'auditor interno',
      roleACCOUNTANT: 'contable',
      roleUSER: 'miembro',
    },
    zh: {
      subject: '{{inviterName}} 邀请您加入 Muster 上的 {{organizationName}}',
      invited: '{{inviterName}} 邀请您以{{role}}身份加入 Muster 上的 {{organizationName}}。',
      accept: '请在此接受邀请：{{acceptUrl}}',
      expiry: '该链接只能使用一次，有效期为 {{validFor}}，截至 {{until}}。如果您没有预料到此邀请，可以忽略此邮件。',
      roleADMIN: '管理员',
      roleMANAGER: '经理',
      roleINTERNAL_AUDITOR: '内部审计员',
      roleACCOUNTANT: '会计',
      roleUSER: '成员',
    },
    ar: {
      subject: 'دعاك {{inviterName}} للانضمام إلى {{organizationName}} على Muster',
      invited: 'دعاك {{inviterName}} للانضمام إلى {{organizationName}} على Muster بصفة {{role}}.',
      accept: 'اقبل الدعوة من {{acceptUrl}}',
      expiry: 'يعمل الرابط مرة واحدة ولمدة {{validFor}}، حتى {{until}}. إن لم تكن تتوقع هذه الدعوة، فيمكنك تجاهل هذه الرسالة.',
      roleADMIN: 'مسؤول',
      roleMANAGER: 'مدير',
      roleINTERNAL_AUDITOR: 'مدقق داخلي',
      roleACCOUNTANT: 'محاسب',
      roleUSER: 'عضو',
    },
  },
  compose: (t, fill, p) => ({
    subject: fill(t.subject, { inviterName: p.inviterName, organizationName: p.organizationName }),
    lines: [
      fill(t.invited, { inviterName: p.inviterName, organizationName: p.organizationName, role: t[`role${p.role}`] }),
      '',
      fill(t.accept, { acceptUrl: p.acceptUrl }),
      '',
      fill(t.expiry, { validFor: p.validFor, until: p.until }),
    ],
  }),
});
