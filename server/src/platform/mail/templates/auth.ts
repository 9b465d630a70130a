import { defineMail, type DurationValue, type MomentValue } from './template.js';

/** Sign-up with an email that already has an account: its owner is told (the answer says nothing). */
export const registerExistingMail = defineMail<{ organizationName: string; email: string }>()({
  texts: {
    en: {
      subject: 'Someone tried to create a Muster account with your email',
      tried: 'Someone tried to create a new Muster organisation ("{{organizationName}}") with {{email}}, which already has an account.',
      advice:
        'If it was you, sign in instead, or reset your password if you have forgotten it. If it was not you, you can ignore this email.',
    },
    es: {
      subject: 'Alguien intentó crear una cuenta de Muster con su correo electrónico',
      tried: 'Alguien intentó crear una nueva organización de Muster («{{organizationName}}») con {{email}}, que ya tiene una cuenta.',
      advice:
        'Si fue usted, inicie sesión en su lugar, o restablezca su contraseña si la ha olvidado. Si no fue usted, puede ignorar este correo.',
    },
    zh: {
      subject: '有人尝试使用您的邮箱创建 Muster 账户',
      tried: '有人尝试使用 {{email}} 创建新的 Muster 组织（“{{organizationName}}”），但该邮箱已有账户。',
      advice: '如果是您本人，请直接登录；如果忘记了密码，请重置密码。如果不是您本人，可以忽略此邮件。',
    },
    ar: {
      subject: 'حاول شخص ما إنشاء حساب على Muster باستخدام بريدك الإلكتروني',
      tried: 'حاول شخص ما إنشاء مؤسسة جديدة على Muster («{{organizationName}}») باستخدام {{email}}، وهو عنوان له حساب بالفعل.',
      advice: 'إن كنت أنت، فسجّل الدخول بدلًا من ذلك، أو أعد تعيين كلمة المرور إن كنت قد نسيتها. وإن لم تكن أنت، فيمكنك تجاهل هذه الرسالة.',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [fill(t.tried, { organizationName: p.organizationName, email: p.email }), '', t.advice],
  }),
});

/** A new organisation is ready, with the person who signed up as its ADMIN. */
export const welcomeMail = defineMail<{ organizationName: string; loginUrl: string; email: string }>()({
  texts: {
    en: {
      subject: 'Welcome to Muster',
      ready: 'Your organisation "{{organizationName}}" is ready on Muster, with you as its administrator.',
      signIn: 'Sign in at {{loginUrl}} with {{email}}.',
    },
    es: {
      subject: 'Le damos la bienvenida a Muster',
      ready: 'Su organización «{{organizationName}}» ya está lista en Muster, con usted como administrador.',
      signIn: 'Inicie sesión en {{loginUrl}} con {{email}}.',
    },
    zh: {
      subject: '欢迎使用 Muster',
      ready: '您的组织“{{organizationName}}”已在 Muster 上准备就绪，您是其管理员。',
      signIn: '请在 {{loginUrl}} 使用 {{email}} 登录。',
    },
    ar: {
      subject: 'مرحبًا بك في Muster',
      ready: 'أصبحت مؤسستك «{{organizationName}}» جاهزة على Muster، وأنت مسؤولها.',
      signIn: 'سجّل الدخول من {{loginUrl}} باستخدام {{email}}.',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [fill(t.ready, { organizationName: p.organizationName }), '', fill(t.signIn, { loginUrl: p.loginUrl, email: p.email })],
  }),
});

/** A 6-digit sign-in code, bound to the browser that asked for it. */
export const signInCodeMail = defineMail<{ code: string; expiry: DurationValue }>()({
  texts: {
    en: {
      subject: 'Your Muster sign-in code',
      code: 'Your Muster sign-in code is {{code}}.',
      expiry:
        'It expires in {{expiry}} and works only in the browser where you asked for it. If you did not ask for it, ignore this email.',
    },
    es: {
      subject: 'Su código de inicio de sesión de Muster',
      code: 'Su código de inicio de sesión de Muster es {{code}}.',
      expiry: 'Caduca en {{expiry}} y solo funciona en el navegador desde el que lo solicitó. Si no lo solicitó, ignore este correo.',
    },
    zh: {
      subject: '您的 Muster 登录验证码',
      code: '您的 Muster 登录验证码是 {{code}}。',
      expiry: '验证码将在 {{expiry}}后失效，并且只能在您申请它的浏览器中使用。如果这不是您本人申请的，请忽略此邮件。',
    },
    ar: {
      subject: 'رمز تسجيل الدخول إلى Muster',
      code: 'رمز تسجيل الدخول إلى Muster هو {{code}}.',
      expiry: 'تنتهي صلاحيته بعد {{expiry}}، ولا يعمل إلا في المتصفح الذي طلبته منه. إن لم تطلبه، فتجاهل هذه الرسالة.',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [fill(t.code, { code: p.code }), '', fill(t.expiry, { expiry: p.expiry })],
  }),
});

/** A single-use password reset link. */
export const resetLinkMail = defineMail<{ resetUrl: string; expiry: DurationValue }>()({
  texts: {
    en: {
      subject: 'Reset your Muster password',
      asked: 'Someone asked to reset the password of your Muster account.',
      link: 'Set a new password here: {{resetUrl}}',
      expiry: 'The link works once and expires in {{expiry}}. If you did not ask for it, ignore this email: your password stays as it is.',
    },
    es: {
      subject: 'Restablezca su contraseña de Muster',
      asked: 'Alguien ha solicitado restablecer la contraseña de su cuenta de Muster.',
      link: 'Establezca una nueva contraseña aquí: {{resetUrl}}',
      expiry:
        'El enlace funciona una sola vez y caduca en {{expiry}}. Si no lo solicitó, ignore este correo: su contraseña seguirá siendo la misma.',
    },
    zh: {
      subject: '重置您的 Muster 密码',
      asked: '有人申请重置您的 Muster 账户密码。',
      link: '请在此设置新密码：{{resetUrl}}',
      expiry: '该链接只能使用一次，并将在 {{expiry}}后失效。如果这不是您本人申请的，请忽略此邮件：您的密码不会改变。',
    },
    ar: {
      subject: 'إعادة تعيين كلمة مرور Muster',
      asked: 'طلب شخص ما إعادة تعيين كلمة مرور حسابك على Muster.',
      link: 'عيّن كلمة مرور جديدة من هنا: {{resetUrl}}',
      expiry: 'يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد {{expiry}}. إن لم تطلبه، فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [t.asked, '', fill(t.link, { resetUrl: p.resetUrl }), '', fill(t.expiry, { expiry: p.expiry })],
  }),
});

/** The password was reset: every session ended. */
export const passwordChangedMail = defineMail<Record<string, never>>()({
  texts: {
    en: {
      subject: 'Your Muster password was changed',
      changed: 'The password of your Muster account was just reset, and every signed-in session was ended.',
      notYou: 'If this was not you, contact your administrator or Muster support at once.',
    },
    es: {
      subject: 'Se ha cambiado su contraseña de Muster',
      changed: 'Se acaba de restablecer la contraseña de su cuenta de Muster y se han cerrado todas las sesiones iniciadas.',
      notYou: 'Si no fue usted, póngase en contacto de inmediato con su administrador o con el soporte de Muster.',
    },
    zh: {
      subject: '您的 Muster 密码已更改',
      changed: '您的 Muster 账户密码刚刚被重置，所有已登录的会话均已结束。',
      notYou: '如果这不是您本人操作，请立即联系您的管理员或 Muster 支持团队。',
    },
    ar: {
      subject: 'تم تغيير كلمة مرور Muster',
      changed: 'أُعيد للتو تعيين كلمة مرور حسابك على Muster، وأُنهيت جميع الجلسات المفتوحة.',
      notYou: 'إن لم تكن أنت، فاتصل فورًا بالمسؤول لديك أو بفريق دعم Muster.',
    },
  },
  compose: (t) => ({ subject: t.subject, lines: [t.changed, '', t.notYou] }),
});

/** A guest auditor's invitation, valid until a moment (in the organisation's zone). */
export const auditorInviteMail = defineMail<{
  organizationName: string;
  auditorName: string;
  until: MomentValue;
  from: string;
  to: string;
}>()({
  texts: {
    en: {
      subject: '{{organizationName}} invited you to the Muster Auditor Portal',
      access:
        '{{auditorName}}, {{organizationName}} has given you read-only access to its evidence records and audit bundles on Muster until {{until}}.',
      period: 'The audit covers evidence of the period from {{from}} to {{to}}.',
      signIn: 'Sign in at the Auditor Portal with this email address; we will send you a one-time code.',
    },
    es: {
      subject: '{{organizationName}} le ha invitado al Portal de auditores de Muster',
      access:
        '{{auditorName}}: {{organizationName}} le ha concedido acceso de solo lectura a sus registros de evidencias y paquetes de auditoría en Muster hasta el {{until}}.',
      period: 'La auditoría abarca las evidencias del periodo del {{from}} al {{to}}.',
      signIn: 'Inicie sesión en el Portal de auditores con esta dirección de correo; le enviaremos un código de un solo uso.',
    },
    zh: {
      subject: '{{organizationName}} 邀请您使用 Muster 审计员门户',
      access: '{{auditorName}}，{{organizationName}} 已授予您在 Muster 上只读访问其证据记录和审计资料包的权限，有效期至 {{until}}。',
      period: '本次审计涵盖 {{from}} 至 {{to}} 期间的证据。',
      signIn: '请使用此邮箱地址登录审计员门户，我们会向您发送一次性验证码。',
    },
    ar: {
      subject: 'دعتك {{organizationName}} إلى بوابة المدققين في Muster',
      access:
        '{{auditorName}}، منحتك {{organizationName}} صلاحية الاطلاع فقط على سجلات الأدلة وحزم التدقيق الخاصة بها على Muster حتى {{until}}.',
      period: 'يشمل التدقيق أدلة الفترة من {{from}} إلى {{to}}.',
      signIn: 'سجّل الدخول إلى بوابة المدققين بعنوان البريد الإلكتروني هذا، وسنرسل إليك رمزًا لمرة واحدة.',
    },
  },
  compose: (t, fill, p) => ({
    subject: fill(t.subject, { organizationName: p.organizationName }),
    lines: [
      fill(t.access, { auditorName: p.auditorName, organizationName: p.organizationName, until: p.until }),
      '',
      fill(t.period, { from: p.from, to: p.to }),
      '',
      t.signIn,
    ],
  }),
});

/** A guest auditor's sign-in code. */
export const auditorSignInCodeMail = defineMail<{ code: string; expiry: DurationValue }>()({
  texts: {
    en: {
      subject: 'Your Muster Auditor Portal sign-in code',
      code: 'Your Auditor Portal sign-in code is {{code}}.',
      expiry:
        'It expires in {{expiry}} and works only in the browser where you asked for it. If you did not ask for it, ignore this email.',
    },
    es: {
      subject: 'Su código de inicio de sesión del Portal de auditores de Muster',
      code: 'Su código de inicio de sesión del Portal de auditores es {{code}}.',
      expiry: 'Caduca en {{expiry}} y solo funciona en el navegador desde el que lo solicitó. Si no lo solicitó, ignore este correo.',
    },
    zh: {
      subject: '您的 Muster 审计员门户登录验证码',
      code: '您的审计员门户登录验证码是 {{code}}。',
      expiry: '验证码将在 {{expiry}}后失效，并且只能在您申请它的浏览器中使用。如果这不是您本人申请的，请忽略此邮件。',
    },
    ar: {
      subject: 'رمز تسجيل الدخول إلى بوابة المدققين في Muster',
      code: 'رمز تسجيل الدخول إلى بوابة المدققين هو {{code}}.',
      expiry: 'تنتهي صلاحيته بعد {{expiry}}، ولا يعمل إلا في المتصفح الذي طلبته منه. إن لم تطلبه، فتجاهل هذه الرسالة.',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [fill(t.code, { code: p.code }), '', fill(t.expiry, { expiry: p.expiry })],
  }),
});
