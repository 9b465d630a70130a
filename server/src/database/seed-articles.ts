/** Knowledge-base articles the demo data publishes, so the help centre and the assistant have answers from the start. */
export interface SeedArticle {
  title: string;
  body: string;
  tags: string[];
  language: 'en' | 'es' | 'zh' | 'ar';
}

export const SEED_ARTICLES: readonly SeedArticle[] = [
  {
    language: 'en',
    title: 'Getting started with Muster',
    tags: ['getting-started', 'account'],
    body: `Muster runs in your browser; there is nothing to install.

1. **Create your organisation** with Sign up: organisation name, work email and a password of at least 10 characters. You become its administrator and your 14-day trial starts without a card.
2. **Invite your team** from Users in the admin area and give each person a role.
3. **Run a first drill**: pick a template from the library, schedule a run and open its console when it starts.

Each user chooses a language, light or dark colours and the idle time after which the screen locks in **Settings**.`,
  },
  {
    language: 'en',
    title: 'Signing in with a one-time code',
    tags: ['account', 'sign-in'],
    body: `On the sign-in page choose **Email me a code**, enter your email and type the 6-digit code from the message. A code works once, for 10 minutes, and only in the browser that asked for it.

If you forgot your password, use **Forgot password?**: the link we email works once, for 30 minutes, and signs you out everywhere else when you set the new password.`,
  },
  {
    language: 'en',
    title: 'Why did my screen lock?',
    tags: ['account', 'security'],
    body: `Muster locks the screen after the idle time you chose in **Settings** (no lock when you leave it empty). Type your password to unlock.

After three wrong passwords you are signed out for safety; sign in again and you are taken back to the page you were on. Organisations that use single sign-on unlock by signing in again through their identity provider.`,
  },
  {
    language: 'en',
    title: 'Roles and what they can open',
    tags: ['roles', 'admin'],
    body: `Every member has one role; a role opens everything the roles below it can.

- **Administrator**: users, security settings, single sign-on, billing.
- **Manager**: drill programme, analytics and compliance.
- **Internal auditor**: reads records and audit trails.
- **Accountant**: invoices, usage and costs.
- **User**: takes part in drills, checks in and files tickets.

External auditors are invited as guest auditors and see only what their invitation covers.`,
  },
  {
    language: 'en',
    title: 'Compliance packets and QR verification',
    tags: ['compliance', 'packets'],
    body: `A compliance packet is a signed PDF of the records of a drill run or a period. Accept the waiver before downloading one: Muster is a documentation and planning tool and does not guarantee regulatory compliance.

Every packet carries a QR code. Scanning it opens the public verification page, which confirms who issued the packet, when, and that it has not been changed. No account is needed to verify.`,
  },
  {
    language: 'en',
    title: 'Usage alerts and plan limits',
    tags: ['billing', 'usage'],
    body: `The usage dashboard shows, for each resource, this month's use against your plan's limit.

At **90%** an orange alert appears at the top of every screen; at **100%** it turns red and says which service is blocked until you upgrade. On Basic and Standard an administrator can turn on overage billing instead ($50 per block of 25 extra drill runs, $10 per extra GB of storage). Enterprise plans work under fair use.`,
  },
  {
    language: 'en',
    title: 'Getting help: tickets and live chat',
    tags: ['support', 'tickets'],
    body: `Open a ticket from **Need Help?** or **My Tickets** with a category and a priority. You are emailed when support replies or when the status changes; reply to reopen a ticket that was waiting for you or already resolved.

Urgent tickets get a first answer within 1 hour, high within 4 hours, normal within 8 hours and low within 24 hours.

For a quick question use the chat button at the bottom of the page.`,
  },
  {
    language: 'en',
    title: 'Sending security events to your SIEM',
    tags: ['enterprise', 'siem', 'security'],
    body: `Enterprise administrators add a SIEM destination under **SIEM**: Standard Webhooks JSON, Splunk HTTP Event Collector or a JSON array for Elastic. Every security event (sign-ins, role changes, exports) is delivered signed with your secret and retried for days if your receiver is down. The delivery log shows each attempt, and failed deliveries can be replayed.`,
  },
  {
    language: 'es',
    title: 'Primeros pasos con Muster',
    tags: ['primeros-pasos', 'cuenta'],
    body: `Muster funciona en el navegador; no hay nada que instalar.

1. **Cree su organización** con Registrarse: nombre de la organización, correo de trabajo y una contraseña de al menos 10 caracteres. La prueba de 14 días empieza sin tarjeta.
2. **Invite a su equipo** desde Usuarios en el área de administración y asigne un rol a cada persona.
3. **Realice un primer simulacro**: elija una plantilla, programe la ejecución y abra su consola cuando empiece.`,
  },
  {
    language: 'es',
    title: 'Paquetes de cumplimiento y verificación QR',
    tags: ['cumplimiento', 'paquetes'],
    body: `Un paquete de cumplimiento es un PDF firmado con los registros de un simulacro o de un periodo. Acepte la exención antes de descargarlo: Muster es una herramienta de documentación y planificación y no garantiza el cumplimiento normativo.

Cada paquete lleva un código QR que abre la página pública de verificación.`,
  },
  {
    language: 'zh',
    title: 'Muster 入门',
    tags: ['入门', '账户'],
    body: `Muster 在浏览器中运行，无需安装。

1. **创建组织**：在注册页面填写组织名称、工作邮箱和至少 10 个字符的密码。14 天免费试用无需绑定信用卡。
2. **邀请团队**：在管理区域的“用户”中添加同事并分配角色。
3. **开展第一次演练**：从模板库中选择模板，安排演练，并在开始时打开控制台。`,
  },
  {
    language: 'zh',
    title: '合规文件包与二维码验证',
    tags: ['合规', '文件包'],
    body: `合规文件包是一份已签名的 PDF，汇总一次演练或一段时间内的记录。下载前请先接受免责声明：Muster 是文档与规划工具，不保证符合法规要求。

每个文件包都带有二维码，扫描后即可打开公开验证页面。`,
  },
  {
    language: 'ar',
    title: 'البدء باستخدام Muster',
    tags: ['البدء', 'الحساب'],
    body: `يعمل Muster في المتصفح ولا يحتاج إلى أي تثبيت.

1. **أنشئ مؤسستك** من صفحة التسجيل: اسم المؤسسة وبريد العمل وكلمة مرور لا تقل عن 10 أحرف. تبدأ التجربة المجانية لمدة 14 يومًا دون بطاقة دفع.
2. **ادعُ فريقك** من قسم المستخدمين في منطقة الإدارة وحدد دور كل شخص.
3. **نفّذ أول تمرين**: اختر قالبًا وجدول التمرين وافتح وحدة التحكم عند بدئه.`,
  },
  {
    language: 'ar',
    title: 'حزم الامتثال والتحقق عبر رمز QR',
    tags: ['الامتثال', 'الحزم'],
    body: `حزمة الامتثال ملف PDF موقّع يجمع سجلات تمرين أو فترة زمنية. وافق على إخلاء المسؤولية قبل تنزيلها: Muster أداة للتوثيق والتخطيط ولا يضمن الامتثال التنظيمي.

تحمل كل حزمة رمز QR يفتح صفحة التحقق العامة.`,
  },
];
