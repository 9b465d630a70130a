import { defineMail, type DurationValue, type MomentValue } from './template.js';

/** An administrator named a member as a recovery delegate: the member is asked to accept. */
export const recoveryDelegateInviteMail = defineMail<{ adminName: string; organizationName: string; acceptUrl: string }>()({
  texts: {
    en: {
      subject: 'You were asked to be a recovery delegate on Muster',
      asked:
        '{{adminName}} named you as a recovery delegate of {{organizationName}}: when a member is locked out of their account, you will be asked to confirm it is really them.',
      accept: 'Accept here: {{acceptUrl}}',
    },
    es: {
      subject: 'Le han pedido ser delegado de recuperación en Muster',
      asked:
        '{{adminName}} le ha nombrado delegado de recuperación de {{organizationName}}: cuando un miembro pierda el acceso a su cuenta, se le pedirá que confirme que es realmente esa persona.',
      accept: 'Acepte aquí: {{acceptUrl}}',
    },
    zh: {
      subject: '您被邀请担任 Muster 的恢复代理人',
      asked: '{{adminName}} 已指定您为 {{organizationName}} 的恢复代理人：当有成员无法登录其账户时，系统会请您确认确实是其本人。',
      accept: '请在此接受：{{acceptUrl}}',
    },
    ar: {
      subject: 'طُلب منك أن تكون مفوَّض استرداد على Muster',
      asked:
        'عيّنك {{adminName}} مفوَّض استرداد في {{organizationName}}: عندما يفقد أحد الأعضاء الوصول إلى حسابه، سيُطلب منك تأكيد أنه هو بالفعل.',
      accept: 'اقبل من هنا: {{acceptUrl}}',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [
      fill(t.asked, { adminName: p.adminName, organizationName: p.organizationName }),
      '',
      fill(t.accept, { acceptUrl: p.acceptUrl }),
    ],
  }),
});

/** A member asked for recovery: each accepted delegate is asked to approve or decline. */
export const recoveryApprovalMail = defineMail<{
  requesterName: string;
  requesterEmail: string;
  decideUrl: string;
  expiry: DurationValue;
}>()({
  texts: {
    en: {
      subject: 'A colleague asks you to confirm their account recovery',
      asked: '{{requesterName}} ({{requesterEmail}}) is locked out of their Muster account and asked to recover it.',
      check: 'Approve only if you have checked with them in person or by phone that the request is theirs: {{decideUrl}}',
      expiry: 'The request expires in {{expiry}}. If you did not expect it, decline it.',
    },
    es: {
      subject: 'Un compañero le pide que confirme la recuperación de su cuenta',
      asked: '{{requesterName}} ({{requesterEmail}}) no puede acceder a su cuenta de Muster y ha pedido recuperarla.',
      check: 'Apruébelo solo si ha comprobado con esa persona, en persona o por teléfono, que la solicitud es suya: {{decideUrl}}',
      expiry: 'La solicitud caduca en {{expiry}}. Si no la esperaba, rechácela.',
    },
    zh: {
      subject: '一位同事请您确认其账户恢复',
      asked: '{{requesterName}}（{{requesterEmail}}）无法登录其 Muster 账户，已申请恢复。',
      check: '只有在您当面或通过电话与其本人确认该申请确实出自其本人后才可批准：{{decideUrl}}',
      expiry: '该申请将在 {{expiry}}后失效。如果您没有预料到此申请，请拒绝。',
    },
    ar: {
      subject: 'يطلب منك زميل تأكيد استرداد حسابه',
      asked: 'فقد {{requesterName}} ({{requesterEmail}}) الوصول إلى حسابه على Muster وطلب استرداده.',
      check: 'لا توافق إلا إذا تحققت منه شخصيًا أو هاتفيًا من أن الطلب طلبه: {{decideUrl}}',
      expiry: 'تنتهي صلاحية الطلب بعد {{expiry}}. إن لم تكن تتوقعه، فارفضه.',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [
      fill(t.asked, { requesterName: p.requesterName, requesterEmail: p.requesterEmail }),
      '',
      fill(t.check, { decideUrl: p.decideUrl }),
      '',
      fill(t.expiry, { expiry: p.expiry }),
    ],
  }),
});

/** The delegates approved: the cooling-off runs, and the member can cancel until it ends. */
export const recoveryCoolingOffMail = defineMail<{ readyAt: MomentValue; cancelUrl: string }>()({
  texts: {
    en: {
      subject: 'Your Muster account recovery was approved',
      approved: 'Your recovery delegates approved the recovery of your Muster account.',
      when: 'For your safety, you will be emailed a link to set a new password at {{readyAt}}.',
      cancel: 'If you did not ask for this, cancel it now: {{cancelUrl}}. Nothing will change.',
    },
    es: {
      subject: 'Se ha aprobado la recuperación de su cuenta de Muster',
      approved: 'Sus delegados de recuperación han aprobado la recuperación de su cuenta de Muster.',
      when: 'Por su seguridad, recibirá un enlace para establecer una nueva contraseña el {{readyAt}}.',
      cancel: 'Si no lo solicitó, cancélelo ahora: {{cancelUrl}}. No cambiará nada.',
    },
    zh: {
      subject: '您的 Muster 账户恢复已获批准',
      approved: '您的恢复代理人已批准恢复您的 Muster 账户。',
      when: '为了您的安全，我们将在 {{readyAt}} 向您发送设置新密码的链接。',
      cancel: '如果这不是您本人申请的，请立即取消：{{cancelUrl}}。不会有任何改变。',
    },
    ar: {
      subject: 'تمت الموافقة على استرداد حسابك على Muster',
      approved: 'وافق مفوَّضو الاسترداد على استرداد حسابك على Muster.',
      when: 'حفاظًا على أمانك، سيصلك رابط لتعيين كلمة مرور جديدة في {{readyAt}}.',
      cancel: 'إن لم تطلب ذلك، فألغِه الآن: {{cancelUrl}}. لن يتغير شيء.',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [t.approved, '', fill(t.when, { readyAt: p.readyAt }), '', fill(t.cancel, { cancelUrl: p.cancelUrl })],
  }),
});

/** The cooling-off ended: the single-use link to set a new password. */
export const recoveryResetMail = defineMail<{ resetUrl: string; expiry: DurationValue }>()({
  texts: {
    en: {
      subject: 'Set a new password for your Muster account',
      ready: 'Your account recovery is ready. Set a new password here: {{resetUrl}}',
      expiry: 'The link works once and expires in {{expiry}}. Setting the password signs you out everywhere else.',
    },
    es: {
      subject: 'Establezca una nueva contraseña para su cuenta de Muster',
      ready: 'La recuperación de su cuenta está lista. Establezca una nueva contraseña aquí: {{resetUrl}}',
      expiry: 'El enlace funciona una sola vez y caduca en {{expiry}}. Al establecer la contraseña se cerrarán sus demás sesiones.',
    },
    zh: {
      subject: '为您的 Muster 账户设置新密码',
      ready: '您的账户恢复已就绪。请在此设置新密码：{{resetUrl}}',
      expiry: '该链接只能使用一次，并将在 {{expiry}}后失效。设置密码后，您在其他地方的登录都将结束。',
    },
    ar: {
      subject: 'عيّن كلمة مرور جديدة لحسابك على Muster',
      ready: 'أصبح استرداد حسابك جاهزًا. عيّن كلمة مرور جديدة من هنا: {{resetUrl}}',
      expiry: 'يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد {{expiry}}. تعيين كلمة المرور يُنهي جلساتك في كل مكان آخر.',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [fill(t.ready, { resetUrl: p.resetUrl }), '', fill(t.expiry, { expiry: p.expiry })],
  }),
});

/** A member asked to restore their terminated organisation: the email confirms it is them. */
export const restoreConfirmMail = defineMail<{ organizationName: string; confirmUrl: string; expiry: DurationValue }>()({
  texts: {
    en: {
      subject: 'Confirm the restore of your Muster organisation',
      asked: 'You asked to restore {{organizationName}} on Muster.',
      confirm: 'Confirm here, and a support operator will review the request: {{confirmUrl}}',
      expiry: 'The link expires in {{expiry}}. If you did not ask for it, ignore this email.',
    },
    es: {
      subject: 'Confirme la restauración de su organización en Muster',
      asked: 'Ha solicitado restaurar {{organizationName}} en Muster.',
      confirm: 'Confírmelo aquí y un operador de soporte revisará la solicitud: {{confirmUrl}}',
      expiry: 'El enlace caduca en {{expiry}}. Si no lo solicitó, ignore este correo.',
    },
    zh: {
      subject: '确认恢复您的 Muster 组织',
      asked: '您已申请在 Muster 上恢复 {{organizationName}}。',
      confirm: '请在此确认，支持人员将审核该申请：{{confirmUrl}}',
      expiry: '该链接将在 {{expiry}}后失效。如果这不是您本人申请的，请忽略此邮件。',
    },
    ar: {
      subject: 'أكّد استعادة مؤسستك على Muster',
      asked: 'طلبت استعادة {{organizationName}} على Muster.',
      confirm: 'أكّد من هنا، وسيراجع أحد موظفي الدعم الطلب: {{confirmUrl}}',
      expiry: 'تنتهي صلاحية الرابط بعد {{expiry}}. إن لم تطلبه، فتجاهل هذه الرسالة.',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [
      fill(t.asked, { organizationName: p.organizationName }),
      '',
      fill(t.confirm, { confirmUrl: p.confirmUrl }),
      '',
      fill(t.expiry, { expiry: p.expiry }),
    ],
  }),
});

/** A support operator decided on a restore request. */
export const restoreDecidedMail = defineMail<{ organizationName: string; approved: boolean; loginUrl: string }>()({
  texts: {
    en: {
      approvedSubject: 'Your Muster organisation was restored',
      declinedSubject: 'Your Muster organisation was not restored',
      approved: '{{organizationName}} was restored with all its data. You and your colleagues can sign in again at {{loginUrl}}.',
      declined: 'Support declined the restore of {{organizationName}}. Reply to support if you have questions.',
    },
    es: {
      approvedSubject: 'Se ha restaurado su organización en Muster',
      declinedSubject: 'No se ha restaurado su organización en Muster',
      approved:
        '{{organizationName}} se ha restaurado con todos sus datos. Usted y sus compañeros pueden volver a iniciar sesión en {{loginUrl}}.',
      declined: 'El soporte ha rechazado la restauración de {{organizationName}}. Escriba al soporte si tiene preguntas.',
    },
    zh: {
      approvedSubject: '您的 Muster 组织已恢复',
      declinedSubject: '您的 Muster 组织未被恢复',
      approved: '{{organizationName}} 已连同全部数据恢复。您和同事可以在 {{loginUrl}} 重新登录。',
      declined: '支持团队拒绝了恢复 {{organizationName}} 的申请。如有疑问，请联系支持团队。',
    },
    ar: {
      approvedSubject: 'تمت استعادة مؤسستك على Muster',
      declinedSubject: 'لم تتم استعادة مؤسستك على Muster',
      approved: 'تمت استعادة {{organizationName}} بكل بياناتها. يمكنك أنت وزملاؤك تسجيل الدخول مجددًا من {{loginUrl}}.',
      declined: 'رفض فريق الدعم استعادة {{organizationName}}. راسل الدعم إن كانت لديك أسئلة.',
    },
  },
  compose: (t, fill, p) => ({
    subject: p.approved ? t.approvedSubject : t.declinedSubject,
    lines: [
      p.approved
        ? fill(t.approved, { organizationName: p.organizationName, loginUrl: p.loginUrl })
        : fill(t.declined, { organizationName: p.organizationName }),
    ],
  }),
});
