import type { HelpTopic, LanguageCode } from '@muster/contracts';

/** Knowledge-base articles the demo data publishes, so the help centre and the assistant have answers from the start. */
export interface SeedArticle {
  title: string;
  body: string;
  tags: HelpTopic[];
  language: LanguageCode;
}

type Text = { title: string; body: string };

/** One help-centre article in every language: the same topics in each, so every language has the same help centre. */
interface HelpCentreArticle {
  tags: HelpTopic[];
  texts: Record<LanguageCode, Text>;
}

const HELP_CENTRE: readonly HelpCentreArticle[] = [
  {
    tags: ['getting-started', 'account'],
    texts: {
      en: {
        title: 'Getting started with Muster',
        body: `Muster runs in your browser; there is nothing to install.

1. **Create your organisation** with Sign up: organisation name, work email and a password of at least 10 characters. You become its administrator and your 14-day trial starts without a card.
2. **Plan a first drill**: open **Drill templates**, duplicate a template from the built-in library or use **Quick generate**, publish it, and schedule it with **Quick Create Drill**.
3. **Run it** from the drill console when the time comes, then read and approve its after-action summary.

Each user chooses a language, light or dark colours and the idle time after which the screen locks in **Settings**. For help, use **Need Help?** in the top bar, this help centre, or the chat button at the bottom of the page.`,
      },
      es: {
        title: 'Primeros pasos con Muster',
        body: `Muster funciona en el navegador; no hay nada que instalar.

1. **Cree su organización** con Registrarse: nombre de la organización, correo de trabajo y una contraseña de al menos 10 caracteres. Usted será su administrador y la prueba de 14 días empieza sin tarjeta.
2. **Planifique un primer simulacro**: abra **Plantillas de simulacro**, duplique una plantilla de la biblioteca incluida o use **Generación rápida**, publíquela y prográmela con **Creación rápida de simulacro**.
3. **Realícelo** desde la consola del simulacro cuando llegue la hora; después lea y apruebe su informe posterior.

Cada usuario elige en **Configuración** el idioma, los colores claros u oscuros y el tiempo de inactividad tras el que se bloquea la pantalla. Si necesita ayuda, use **¿Necesita ayuda?** en la barra superior, este centro de ayuda o el botón de chat al pie de la página.`,
      },
      zh: {
        title: 'Muster 入门',
        body: `Muster 在浏览器中运行，无需安装。

1. **创建组织**：在注册页面填写组织名称、工作邮箱和至少 10 个字符的密码。您将成为组织管理员，14 天免费试用无需绑定信用卡。
2. **规划第一次演练**：打开 **演练模板**，从内置模板库复制一个模板或使用 **快速生成**，发布后通过 **快速创建演练** 安排演练。
3. **开展演练**：到时间后在演练控制台中进行，结束后阅读并批准演练后总结。

每位用户都可以在 **设置** 中选择语言、浅色或深色模式，以及无操作多久后锁定屏幕。需要帮助时，可使用顶部栏的 **需要帮助？**、本帮助中心或页面底部的聊天按钮。`,
      },
      ar: {
        title: 'البدء باستخدام Muster',
        body: `يعمل Muster في المتصفح ولا يحتاج إلى أي تثبيت.

1. **أنشئ مؤسستك** من صفحة التسجيل: اسم المؤسسة وبريد العمل وكلمة مرور لا تقل عن 10 أحرف. تصبح مسؤول المؤسسة، وتبدأ التجربة المجانية لمدة 14 يومًا دون بطاقة دفع.
2. **خطّط لأول تمرين**: افتح **قوالب التمارين**، وانسخ قالبًا من المكتبة المدمجة أو استخدم **توليد سريع**، ثم انشره وجدوله عبر **إنشاء سريع لتمرين**.
3. **نفّذ التمرين** من وحدة التحكم عند حلول موعده، ثم اقرأ ملخص ما بعد التمرين واعتمده.

يختار كل مستخدم من **الإعدادات** اللغة والوضع الفاتح أو الداكن ومدة الخمول التي تُقفل الشاشة بعدها. للمساعدة استخدم **هل تحتاج إلى مساعدة؟** في الشريط العلوي، أو مركز المساعدة هذا، أو زر الدردشة أسفل الصفحة.`,
      },
    },
  },
  {
    tags: ['account', 'security'],
    texts: {
      en: {
        title: 'Signing in with a one-time code',
        body: `On the sign-in page choose the **Email code** tab, enter your email and type the 6-digit code from the message. A code works once, for 10 minutes, and only in the browser that asked for it.

If you forgot your password, use **Forgot password?**: the link we email works once, for 30 minutes, and signs you out everywhere else when you set the new password.`,
      },
      es: {
        title: 'Iniciar sesión con un código de un solo uso',
        body: `En la página de inicio de sesión elija la pestaña **Código**, escriba su correo e introduzca el código de 6 dígitos del mensaje. Un código sirve una sola vez, durante 10 minutos, y solo en el navegador que lo pidió.

Si olvidó su contraseña, use **¿Olvidó su contraseña?**: el enlace que le enviamos sirve una vez, durante 30 minutos, y al fijar la nueva contraseña se cierran sus demás sesiones.`,
      },
      zh: {
        title: '使用一次性验证码登录',
        body: `在登录页面选择 **邮箱验证码** 选项卡，输入邮箱，然后填写邮件中的 6 位数字。每个验证码只能使用一次，有效期 10 分钟，并且只能在申请它的浏览器中使用。

忘记密码时，请使用 **忘记密码？**：邮件中的链接只能使用一次，有效期 30 分钟；设置新密码后，您在其他地方的登录会全部退出。`,
      },
      ar: {
        title: 'تسجيل الدخول برمز لمرة واحدة',
        body: `في صفحة تسجيل الدخول اختر تبويب **رمز عبر البريد**، وأدخل بريدك الإلكتروني، ثم اكتب الرمز المكوّن من 6 أرقام الوارد في الرسالة. يصلح الرمز مرة واحدة فقط، لمدة 10 دقائق، وفي المتصفح الذي طلبه فقط.

إذا نسيت كلمة المرور فاستخدم **نسيت كلمة المرور؟**: يصلح الرابط المرسل مرة واحدة لمدة 30 دقيقة، وعند تعيين كلمة المرور الجديدة تُغلق جلساتك الأخرى كلها.`,
      },
    },
  },
  {
    tags: ['account', 'security'],
    texts: {
      en: {
        title: 'Why did my screen lock? Sessions and the session lock',
        body: `Muster locks the screen after the idle time you chose under **Automatic session lock** in **Settings** (from 1 to 1440 minutes; no lock when you leave it empty). Type your password and press **Unlock**.

After three wrong passwords your session is ended for safety; sign in again and you are taken back to the page you were on. Organisations that use single sign-on unlock by signing in again through their identity provider.

Your session ends when you press **Logout**. Changing your password in your profile, or setting a new one with **Forgot password?**, signs you out of every other session. An administrator who suspends or freezes an account ends all its sessions at once.`,
      },
      es: {
        title: '¿Por qué se bloqueó mi pantalla? Sesiones y bloqueo de sesión',
        body: `Muster bloquea la pantalla tras el tiempo de inactividad que eligió en **Bloqueo automático de la sesión**, dentro de **Configuración** (de 1 a 1440 minutos; sin bloqueo si lo deja vacío). Escriba su contraseña y pulse **Desbloquear**.

Tras tres contraseñas incorrectas la sesión se cierra por seguridad; vuelva a iniciar sesión y regresará a la página en la que estaba. Las organizaciones con inicio de sesión único desbloquean iniciando sesión de nuevo con su proveedor de identidad.

Su sesión termina cuando pulsa **Cerrar sesión**. Cambiar la contraseña en su perfil, o fijar una nueva con **¿Olvidó su contraseña?**, cierra todas sus demás sesiones. Si un administrador suspende o congela una cuenta, todas sus sesiones terminan a la vez.`,
      },
      zh: {
        title: '屏幕为什么被锁定？会话与会话锁定',
        body: `Muster 会在您于 **设置** 的 **会话自动锁定** 中选择的无操作时间后锁定屏幕（1 到 1440 分钟；留空则不锁定）。输入密码并点击 **解锁** 即可继续。

连续三次输错密码后，出于安全考虑会话会被终止；重新登录后会回到原来的页面。使用单点登录的组织需要通过其身份提供商重新登录来解锁。

点击 **退出登录** 即结束会话。在个人资料中更改密码，或通过 **忘记密码？** 设置新密码，都会让您的其他所有会话退出。管理员暂停或冻结某个账户时，该账户的所有会话会立即结束。`,
      },
      ar: {
        title: 'لماذا قُفلت شاشتي؟ الجلسات وقفل الجلسة',
        body: `يقفل Muster الشاشة بعد مدة الخمول التي اخترتها في **القفل التلقائي للجلسة** ضمن **الإعدادات** (من 1 إلى 1440 دقيقة، ولا قفل إذا تركتها فارغة). اكتب كلمة المرور واضغط **فتح القفل**.

بعد ثلاث كلمات مرور خاطئة تُنهى جلستك حفاظًا على الأمان؛ سجّل الدخول من جديد لتعود إلى الصفحة التي كنت فيها. أما المؤسسات التي تستخدم الدخول الموحّد فتفتح القفل بتسجيل الدخول مجددًا عبر مزوّد الهوية.

تنتهي جلستك عند الضغط على **تسجيل الخروج**. وتغيير كلمة المرور من ملفك الشخصي، أو تعيين كلمة جديدة عبر **نسيت كلمة المرور؟**، يُخرجك من جميع جلساتك الأخرى. وعندما يعلّق المسؤول حسابًا أو يجمّده تنتهي جميع جلساته فورًا.`,
      },
    },
  },
  {
    tags: ['roles', 'account'],
    texts: {
      en: {
        title: 'Roles and what they can open',
        body: `Every member has one role; a role opens everything the roles below it can.

- **Administrator**: users, security settings, SIEM webhooks, billing and the plan.
- **Manager**: writes drill templates, schedules drills, approves after-action summaries, analytics.
- **Internal auditor**: reads records and audit trails.
- **Accountant**: invoices, usage and costs.
- **User**: takes part in drills, checks in, reads templates and files tickets.

The lead of a drill runs its console whatever their role. External auditors are invited as guest auditors and see only what their invitation covers.`,
      },
      es: {
        title: 'Los roles y lo que puede abrir cada uno',
        body: `Cada miembro tiene un rol; un rol abre todo lo que abren los roles inferiores.

- **Administrador**: usuarios, ajustes de seguridad, webhooks SIEM, facturación y el plan.
- **Gerente**: redacta plantillas de simulacro, programa simulacros, aprueba los informes posteriores y consulta los análisis.
- **Auditor interno**: lee los registros y las pistas de auditoría.
- **Contable**: facturas, uso y costes.
- **Usuario**: participa en los simulacros, registra su llegada, lee las plantillas y abre tickets.

El responsable de un simulacro dirige su consola sea cual sea su rol. Los auditores externos se invitan como auditores invitados y solo ven lo que cubre su invitación.`,
      },
      zh: {
        title: '角色及其可访问的内容',
        body: `每位成员只有一个角色；一个角色可以访问其下级角色能访问的全部内容。

- **管理员**：用户、安全设置、SIEM Webhook、账单和套餐。
- **经理**：编写演练模板、安排演练、批准演练后总结、查看分析。
- **内部审计员**：查阅记录和审计轨迹。
- **会计**：发票、用量和费用。
- **普通用户**：参加演练、签到、阅读模板并提交工单。

无论角色如何，演练负责人都可以操作该演练的控制台。外部审计员以访客审计员身份受邀，只能看到邀请范围内的内容。`,
      },
      ar: {
        title: 'الأدوار وما يمكن لكل دور فتحه',
        body: `لكل عضو دور واحد، وكل دور يفتح كل ما تفتحه الأدوار التي دونه.

- **المسؤول**: المستخدمون وإعدادات الأمان وخطافات SIEM والفوترة والخطة.
- **المدير**: يكتب قوالب التمارين ويجدول التمارين ويعتمد ملخصات ما بعد التمرين ويطّلع على التحليلات.
- **المدقق الداخلي**: يقرأ السجلات ومسارات التدقيق.
- **المحاسب**: الفواتير والاستخدام والتكاليف.
- **المستخدم**: يشارك في التمارين ويسجّل حضوره ويقرأ القوالب ويفتح التذاكر.

يدير قائد التمرين وحدة التحكم الخاصة به أيًا كان دوره. ويُدعى المدققون الخارجيون بصفة مدققين ضيوف، ولا يرون إلا ما تشمله دعوتهم.`,
      },
    },
  },
  {
    tags: ['compliance'],
    texts: {
      en: {
        title: 'Compliance packets and QR verification',
        body: `A compliance packet is a signed PDF of the records of a drill run or a period. Accept the waiver before downloading one: Muster is a documentation and planning tool and does not guarantee regulatory compliance.

Every packet carries a QR code. Scanning it opens the public verification page, which confirms who issued the packet, when, and that it has not been changed. No account is needed to verify.`,
      },
      es: {
        title: 'Paquetes de cumplimiento y verificación QR',
        body: `Un paquete de cumplimiento es un PDF firmado con los registros de un simulacro o de un periodo. Acepte la exención antes de descargarlo: Muster es una herramienta de documentación y planificación y no garantiza el cumplimiento normativo.

Cada paquete lleva un código QR que abre la página pública de verificación, donde se confirma quién emitió el paquete, cuándo y que no ha cambiado. No hace falta una cuenta para verificarlo.`,
      },
      zh: {
        title: '合规文件包与二维码验证',
        body: `合规文件包是一份已签名的 PDF，汇总一次演练或一段时间内的记录。下载前请先接受免责声明：Muster 是文档与规划工具，不保证符合法规要求。

每个文件包都带有二维码，扫描后即可打开公开验证页面，确认文件包由谁签发、何时签发，以及内容未被更改。验证无需账户。`,
      },
      ar: {
        title: 'حزم الامتثال والتحقق عبر رمز QR',
        body: `حزمة الامتثال ملف PDF موقّع يجمع سجلات تمرين أو فترة زمنية. وافق على إخلاء المسؤولية قبل تنزيلها: Muster أداة للتوثيق والتخطيط ولا يضمن الامتثال التنظيمي.

تحمل كل حزمة رمز QR يفتح صفحة التحقق العامة، التي تؤكد من أصدر الحزمة ومتى، وأنها لم تتغير. لا يلزم حساب للتحقق.`,
      },
    },
  },
  {
    tags: ['drills'],
    texts: {
      en: {
        title: 'Drill templates and the template builder',
        body: `A drill template is the plan of a drill: a scenario narrative, objectives, positions, numbered steps with checklists, and timed injects. Open **Drill templates** to see your organisation's templates beside the **Built-in library**; filter them by source, status, scenario, type or regulation.

Administrators and managers write templates; everyone else can read them.

- **New template** opens the builder. Fill in the name, type, scenario, narrative and estimated duration, then add objectives, positions, steps (each with a responsible position, an expected duration and a checklist) and **Timed injects** (a message released at a given minute, to one position or to everyone).
- The builder saves a draft by itself whenever what it holds is valid, and lists the problems still to fix. **Publish** needs at least one objective and no problem left; only a published template can be scheduled. **Unpublish to draft** takes it back.
- Built-in templates are read-only: press **Duplicate** to get your own draft copy.
- If someone else saved the template after you opened it, your change is not applied: reload it to see theirs.`,
      },
      es: {
        title: 'Plantillas de simulacro y el editor de plantillas',
        body: `Una plantilla de simulacro es el plan de un simulacro: la narrativa del escenario, los objetivos, los puestos, los pasos numerados con sus listas de comprobación y las inyecciones programadas. Abra **Plantillas de simulacro** para ver las plantillas de su organización junto a la **Biblioteca incluida**; fíltrelas por origen, estado, escenario, tipo o normativa.

Los administradores y los gerentes redactan las plantillas; los demás pueden leerlas.

- **Nueva plantilla** abre el editor. Indique el nombre, el tipo, el escenario, la narrativa y la duración estimada, y añada objetivos, puestos, pasos (cada uno con un puesto responsable, una duración prevista y una lista de comprobación) e **Inyecciones programadas** (un mensaje que se publica en un minuto dado, para un puesto o para todos).
- El editor guarda el borrador solo cada vez que su contenido es válido y enumera los problemas pendientes. **Publicar** exige al menos un objetivo y ningún problema; solo una plantilla publicada se puede programar. **Volver a borrador** la retira.
- Las plantillas incluidas son de solo lectura: pulse **Duplicar** para obtener su propia copia en borrador.
- Si otra persona guardó la plantilla después de que usted la abriera, su cambio no se aplica: vuelva a cargarla para ver la otra versión.`,
      },
      zh: {
        title: '演练模板与模板构建器',
        body: `演练模板就是一次演练的计划：场景描述、目标、岗位、带检查清单的编号步骤，以及定时注入事件。打开 **演练模板**，即可看到本组织的模板和 **内置模板库**，并可按来源、状态、场景、类型或法规筛选。

管理员和经理可以编写模板，其他人可以阅读。

- **新建模板** 会打开构建器。填写名称、类型、场景、场景描述和预计时长，然后添加目标、岗位、步骤（每个步骤可设负责岗位、预计时长和检查清单）以及 **定时注入事件**（在指定分钟发给某个岗位或所有人的消息）。
- 只要内容有效，构建器就会自动保存草稿，并列出仍需解决的问题。**发布** 要求至少有一个目标且没有任何问题；只有已发布的模板才能安排演练。**撤回为草稿** 可将其撤回。
- 内置模板为只读：点击 **复制** 即可得到一份属于自己的草稿副本。
- 如果在您打开之后有其他人保存了该模板，您的更改不会生效：请重新加载以查看对方的版本。`,
      },
      ar: {
        title: 'قوالب التمارين ومنشئ القوالب',
        body: `قالب التمرين هو خطة التمرين: وصف السيناريو والأهداف والمواقع والخطوات المرقّمة مع قوائم التحقق والمستجدات المجدولة. افتح **قوالب التمارين** لترى قوالب مؤسستك بجانب **المكتبة المدمجة**، وصفّها حسب المصدر أو الحالة أو السيناريو أو النوع أو اللائحة.

يكتب المسؤولون والمديرون القوالب، ويستطيع الباقون قراءتها.

- يفتح **قالب جديد** المنشئ. أدخل الاسم والنوع والسيناريو والوصف والمدة المقدّرة، ثم أضف الأهداف والمواقع والخطوات (لكل خطوة موقع مسؤول ومدة متوقعة وقائمة تحقق) و**المُدخلات المجدولة** (رسالة تُنشر في دقيقة محددة لموقع واحد أو للجميع).
- يحفظ المنشئ المسودة تلقائيًا كلما كان محتواها صالحًا، ويعرض المشكلات المتبقية. يتطلب **نشر** هدفًا واحدًا على الأقل وعدم وجود أي مشكلة، ولا يمكن جدولة إلا القالب المنشور. ويعيده **إلغاء النشر وإعادته مسودة** إلى المسودة.
- قوالب المكتبة المدمجة للقراءة فقط: اضغط **نسخ** لتحصل على نسختك الخاصة كمسودة.
- إذا حفظ شخص آخر القالب بعد أن فتحته فلن يُطبَّق تغييرك: أعد تحميله لترى نسخته.`,
      },
    },
  },
  {
    tags: ['drills'],
    texts: {
      en: {
        title: 'Quick generate: a drill template from five answers',
        body: `**Quick generate** (on the **Drill templates** page) composes a complete drill template from the built-in scenario library. Answer five questions: facility type, scenario, regulation, duration (15 to 480 minutes) and team size (2 to 500 people), then press **Generate**. The same answers always give the same template; change an answer and press **Generate again**.

When your organisation has configured an AI service, the texts are tailored to your facility and the template is marked **Tailored by AI**: read it before you use it.

Anyone can generate a template. Administrators and managers keep it with **Edit in the builder** (saved as a draft and opened in the builder) or **Publish as a template** (saved ready to be scheduled).`,
      },
      es: {
        title: 'Generación rápida: una plantilla de simulacro a partir de cinco respuestas',
        body: `**Generación rápida** (en la página **Plantillas de simulacro**) compone una plantilla completa a partir de la biblioteca de escenarios incluida. Responda cinco preguntas: tipo de instalación, escenario, normativa, duración (de 15 a 480 minutos) y tamaño del equipo (de 2 a 500 personas), y pulse **Generar**. Las mismas respuestas dan siempre la misma plantilla; si cambia una respuesta, pulse **Generar de nuevo**.

Si su organización configuró un servicio de IA, los textos se adaptan a su instalación y la plantilla aparece como adaptada por IA: léala antes de usarla.

Cualquiera puede generar una plantilla. Los administradores y los gerentes la conservan con **Editar en el editor** (se guarda como borrador y se abre en el editor) o **Publicar como plantilla** (se guarda lista para programarla).`,
      },
      zh: {
        title: '快速生成：回答五个问题得到演练模板',
        body: `**快速生成**（位于 **演练模板** 页面）会根据内置场景库组合出一份完整的演练模板。回答五个问题：设施类型、场景、法规、时长（15 到 480 分钟）和团队规模（2 到 500 人），然后点击 **生成**。相同的回答总是得到相同的模板；修改回答后请再次生成。

如果您的组织配置了 AI 服务，文字内容会针对您的设施进行调整，模板会标注为由 AI 定制：使用前请先通读。

任何人都可以生成模板。管理员和经理可以通过 **在构建器中编辑**（保存为草稿并在构建器中打开）或 **发布为模板**（保存后即可安排演练）将其保留下来。`,
      },
      ar: {
        title: 'التوليد السريع: قالب تمرين من خمس إجابات',
        body: `يركّب **توليد سريع** (في صفحة **قوالب التمارين**) قالب تمرين كاملًا من مكتبة السيناريوهات المدمجة. أجب عن خمسة أسئلة: نوع المنشأة والسيناريو واللائحة والمدة (من 15 إلى 480 دقيقة) وحجم الفريق (من 2 إلى 500 شخص)، ثم اضغط **توليد**. تعطي الإجابات نفسها القالب نفسه دائمًا؛ وإذا غيّرت إجابة فأعد التوليد.

إذا أعدّت مؤسستك خدمة ذكاء اصطناعي، تُكيَّف النصوص مع منشأتك ويُوسم القالب بأنه مكيَّف بالذكاء الاصطناعي: اقرأه قبل استخدامه.

يمكن لأي شخص توليد قالب. ويحتفظ به المسؤولون والمديرون عبر **التعديل في المنشئ** (يُحفظ مسودة ويُفتح في المنشئ) أو **النشر كقالب** (يُحفظ جاهزًا للجدولة).`,
      },
    },
  },
  {
    tags: ['drills'],
    texts: {
      en: {
        title: 'Scheduling a drill run',
        body: `Administrators and managers schedule drills. Press **Quick Create Drill** in the top bar, **Schedule a drill** on **Drill runs**, or **Schedule a run** on a published template. The wizard has five steps:

1. **Scenario**: what the drill practises, for example **Man overboard**, fire, evacuation and muster, bomb threat or oil spill.
2. **Template**: a published template of your organisation or of the built-in library (for a man overboard drill, the library's "Person in the water at the berth"). A draft cannot be scheduled.
3. **Date, time and place**: in your time zone and in the future; leave the title empty to use the template's name.
4. **Lead and participants**: the lead runs the console; add members of your organisation, or guests by name (at most 300 people), each with a position.
5. **Review**, then press **Schedule**.

Each drill run counts towards your plan's monthly limit of drill runs. **Drill runs** shows every run as a list or a calendar. Until a drill starts, **Change plan** (administrators, managers or its lead) moves it and its reminders; **Cancel drill** cancels it and removes its reminders.`,
      },
      es: {
        title: 'Programar un simulacro',
        body: `Los administradores y los gerentes programan los simulacros. Pulse **Creación rápida de simulacro** en la barra superior, **Programar un simulacro** en **Ejecuciones de simulacro**, o **Programar un simulacro** en una plantilla publicada. El asistente tiene cinco pasos:

1. **Escenario**: lo que se practica, por ejemplo **Hombre al agua**, incendio, evacuación y reunión, amenaza de bomba o derrame de hidrocarburos.
2. **Plantilla**: una plantilla publicada de su organización o de la biblioteca incluida (para un simulacro de hombre al agua, la plantilla de la biblioteca para una persona en el agua en el atraque). Un borrador no se puede programar.
3. **Fecha, hora y lugar**: en su zona horaria y en el futuro; deje el título vacío para usar el nombre de la plantilla.
4. **Responsable y participantes**: el responsable dirige la consola; añada miembros de su organización o invitados por su nombre (como máximo 300 personas), cada uno con un puesto.
5. **Revisión**, y pulse **Programar**.

Cada simulacro cuenta para el límite mensual de simulacros de su plan. **Ejecuciones de simulacro** los muestra en lista o en calendario. Hasta que empieza, **Cambiar el plan** (administradores, gerentes o su responsable) lo mueve junto con sus recordatorios; **Cancelar el simulacro** lo cancela y elimina sus recordatorios.`,
      },
      zh: {
        title: '安排一次演练',
        body: `管理员和经理负责安排演练。点击顶部栏的 **快速创建演练**、**演练执行** 页面上的 **安排演练**，或已发布模板上的 **安排一次演练**。向导共有五步：

1. **场景**：演练要练习的内容，例如 **人员落水**、火灾、疏散与集合、炸弹威胁或溢油。
2. **模板**：本组织或内置模板库中已发布的模板（人员落水演练可使用模板库中针对泊位处人员落水的模板）。草稿不能安排。
3. **日期、时间和地点**：按您的时区填写，且必须是将来的时间；标题留空则使用模板名称。
4. **负责人和参与者**：负责人操作控制台；添加本组织成员，或按姓名添加访客（最多 300 人），并为每人指定岗位。
5. **确认** 后点击 **安排**。

每次演练都会计入套餐的每月演练次数上限。**演练执行** 页面以列表或日历显示所有演练。演练开始前，**更改计划**（管理员、经理或负责人）可调整时间等信息，提醒也会随之调整；**取消演练** 会取消演练并删除其提醒。`,
      },
      ar: {
        title: 'جدولة تمرين',
        body: `يجدول المسؤولون والمديرون التمارين. اضغط **إنشاء سريع لتمرين** في الشريط العلوي، أو **جدولة تمرين** في صفحة **تنفيذ التمارين**، أو **جدولة تمرين** في قالب منشور. للمعالج خمس خطوات:

1. **السيناريو**: ما يتدرب عليه التمرين، مثل **سقوط شخص في الماء** أو الحريق أو الإخلاء والتجمع أو التهديد بقنبلة أو التسرب النفطي.
2. **القالب**: قالب منشور لمؤسستك أو من المكتبة المدمجة (لتمرين سقوط شخص في الماء، قالب المكتبة الخاص بشخص في الماء عند الرصيف). لا يمكن جدولة المسودة.
3. **التاريخ والوقت والمكان**: بتوقيتك المحلي وفي المستقبل؛ اترك العنوان فارغًا لاستخدام اسم القالب.
4. **القائد والمشاركون**: يدير القائد وحدة التحكم؛ أضف أعضاء مؤسستك أو ضيوفًا بأسمائهم (300 شخص كحد أقصى)، ولكل منهم موقع.
5. **المراجعة**، ثم اضغط **جدولة**.

يُحتسب كل تمرين ضمن الحد الشهري للتمارين في خطتك. وتعرض صفحة **تنفيذ التمارين** التمارين كقائمة أو تقويم. وقبل بدء التمرين، ينقله **تغيير الخطة** (للمسؤولين والمديرين وقائده) مع تذكيراته، ويلغيه **إلغاء التمرين** ويحذف تذكيراته.`,
      },
    },
  },
  {
    tags: ['drills', 'console'],
    texts: {
      en: {
        title: 'The live drill console and its roles',
        body: `Open a drill from **Drill runs** with **Open console**. Everyone watching sees every change at once: the drill time, steps, injects, check-ins, observations and the decision log. When the connection drops, the console shows **Reconnecting…** and catches up when it is live again.

Who can do what:

- **The lead, administrators and managers** control the drill: **Start drill**, **Pause**, **Resume** and **Complete drill**; **Start**, **Done**, **Skip** or **Reopen** each step and tick its checklist; publish injects; check people in; record the muster.
- **Participants** on the roster see their position and check themselves in.
- **Observers** (any other member of the organisation) follow the drill, and add observations when the lead turns on **Observers may add observations**.

Observations are a strength or an area for improvement, about the drill as a whole, a step or an inject (**Record observation**). Every change is written to the **Decision log** with who made it and when. Completing the drill stops the clock; the console then takes no more changes and the after-action summary is written from the log.`,
      },
      es: {
        title: 'La consola del simulacro en directo y sus roles',
        body: `Abra un simulacro desde **Ejecuciones de simulacro** con **Abrir la consola**. Todos los que la siguen ven cada cambio al instante: el tiempo del simulacro, los pasos, las inyecciones, las llegadas, las observaciones y el registro de decisiones. Si se corta la conexión, la consola se pone a reconectar y se pone al día cuando vuelve a estar en directo.

Quién puede hacer qué:

- **El responsable, los administradores y los gerentes** dirigen el simulacro: **Iniciar simulacro**, **Pausar**, **Reanudar** y **Finalizar simulacro**; **Iniciar**, **Hecho** u **Omitir** cada paso (o reabrirlo) y marcar su lista de comprobación; publicar inyecciones; registrar la llegada de las personas y el momento en que todos están reunidos.
- **Los participantes** de la lista ven su puesto y registran su propia llegada.
- **Los observadores** (cualquier otro miembro de la organización) siguen el simulacro y añaden observaciones cuando el responsable activa **Los observadores pueden añadir observaciones**.

Una observación es un punto fuerte o un aspecto a mejorar, sobre todo el simulacro, un paso o una inyección (**Registrar observación**). Cada cambio queda en el **Registro de decisiones** con quién lo hizo y cuándo. Al finalizar el simulacro se detiene el reloj; la consola ya no acepta cambios y el informe posterior se redacta a partir del registro.`,
      },
      zh: {
        title: '实时演练控制台及其角色',
        body: `在 **演练执行** 中点击 **打开控制台** 即可进入演练。所有观看者都会立即看到每项变化：演练时间、步骤、注入事件、签到、观察记录和决策日志。连接中断时控制台会自动重连，恢复在线后自动同步。

各角色的权限：

- **负责人、管理员和经理** 控制演练：**开始演练**、**暂停**、**继续** 和 **完成演练**；对每个步骤执行 **开始**、**完成**、**跳过** 或重新打开，并勾选检查清单；发布注入事件；为人员签到；记录全员集合时间。
- 名单上的 **参与者** 可以看到自己的岗位并为自己签到。
- **观察员**（组织的其他成员）可以跟进演练；当负责人开启 **允许观察员添加观察记录** 后，也可以添加观察记录。

观察记录分为优点和待改进项，可针对整个演练、某个步骤或某个注入事件（**记录观察**）。每项变化都会连同操作人和时间写入 **决策日志**。完成演练后计时停止，控制台不再接受更改，演练后总结将根据日志生成。`,
      },
      ar: {
        title: 'وحدة تحكم التمرين المباشرة وأدوارها',
        body: `افتح التمرين من **تنفيذ التمارين** عبر **فتح وحدة التحكم**. يرى كل من يتابع كل تغيير فورًا: وقت التمرين والخطوات والمستجدات وتسجيلات الحضور والملاحظات وسجل القرارات. وإذا انقطع الاتصال تعيد وحدة التحكم الاتصال وتلحق بما فاتها عند عودتها.

من يستطيع ماذا:

- **القائد والمسؤولون والمديرون** يتحكمون في التمرين: **بدء التمرين** و**إيقاف مؤقت** و**استئناف** و**إنهاء التمرين**؛ وأزرار **بدء** و**منجزة** و**تخطي** لكل خطوة أو إعادة فتحها، مع تأشير قائمة تحققها؛ ونشر المستجدات؛ وتسجيل حضور الأشخاص؛ وتسجيل وقت التجمع.
- **المشاركون** المدرجون في القائمة يرون موقعهم ويسجّلون حضورهم بأنفسهم.
- **المراقبون** (أي عضو آخر في المؤسسة) يتابعون التمرين، ويضيفون ملاحظات عندما يفعّل القائد **السماح للمراقبين بإضافة ملاحظات**.

الملاحظة إما نقطة قوة أو مجال للتحسين، عن التمرين كله أو عن خطوة أو مستجد (**تسجيل الملاحظة**). ويُكتب كل تغيير في **سجل القرارات** مع صاحبه ووقته. وعند إنهاء التمرين يتوقف الوقت، ولا تقبل وحدة التحكم أي تغيير بعد ذلك، ويُكتب ملخص ما بعد التمرين من السجل.`,
      },
    },
  },
  {
    tags: ['drills', 'console'],
    texts: {
      en: {
        title: 'Injects and check-ins during a drill',
        body: `**Injects** are the template's timed messages, released at a minute of drill time to one position or to everyone. Participants see an inject only once it is published. The lead publishes one with **Publish now**, or turns on **Publish injects automatically at their time** so the drill clock releases each at its minute. The console counts down to each inject and shows who published it and when.

**Check-ins** record attendance. When the drill starts, each participant presses **Check myself in** on reaching their muster point (**Undo my check-in** takes it back); the lead can **Check in** anyone on the roster, guests included. When everybody is there, the lead presses **Everyone mustered**: the time to muster is recorded and compared with the drill's muster target. Check-ins and the muster time appear in the after-action summary.`,
      },
      es: {
        title: 'Inyecciones y registro de llegada durante un simulacro',
        body: `Las **inyecciones** son los mensajes programados de la plantilla, que se publican en un minuto del tiempo del simulacro para un puesto o para todos. Los participantes solo ven una inyección cuando está publicada. El responsable publica una con **Publicar ahora**, o activa **Publicar las inyecciones automáticamente a su hora** para que el reloj del simulacro publique cada una en su minuto. La consola muestra la cuenta atrás de cada inyección y quién la publicó y cuándo.

El **registro de llegada** anota la asistencia. Cuando empieza el simulacro, cada participante pulsa **Registrar mi llegada** al llegar a su punto de reunión (**Anular mi llegada** lo deshace); el responsable puede pulsar **Registrar llegada** para cualquier persona de la lista, invitados incluidos. Cuando están todos, el responsable pulsa **Todos reunidos**: se anota el tiempo de reunión y se compara con el objetivo del simulacro. Las llegadas y el tiempo de reunión aparecen en el informe posterior.`,
      },
      zh: {
        title: '演练中的注入事件与签到',
        body: `**注入事件** 是模板中的定时消息，在演练时间的某一分钟发给某个岗位或所有人。参与者只有在注入事件发布后才能看到它。负责人可以点击 **立即发布** 手动发布，或开启 **到时间自动发布注入事件**，由演练时钟在指定分钟自动发布。控制台会为每个注入事件倒计时，并显示发布人和发布时间。

**签到** 用于记录出勤。演练开始后，每位参与者到达集合点时点击 **为自己签到**（**撤销我的签到** 可撤回）；负责人可以为名单上的任何人（包括访客）点击 **签到**。所有人到齐后，负责人点击 **全员集合完毕**：系统会记录集合用时，并与演练的集合目标进行比较。签到情况和集合用时都会出现在演练后总结中。`,
      },
      ar: {
        title: 'المستجدات وتسجيل الحضور أثناء التمرين',
        body: `**المستجدات** هي رسائل القالب المجدولة، تُنشر في دقيقة محددة من وقت التمرين لموقع واحد أو للجميع. لا يرى المشاركون المستجد إلا بعد نشره. ينشره القائد عبر **انشر الآن**، أو يفعّل **انشر المستجدات تلقائيًا في موعدها** لتنشر ساعة التمرين كل مستجد في دقيقته. وتعرض وحدة التحكم العد التنازلي لكل مستجد ومن نشره ومتى.

**تسجيل الحضور** يوثّق الحضور. عند بدء التمرين يضغط كل مشارك **سجّل حضوري** عند وصوله إلى نقطة التجمع (ويلغيه **تراجع عن تسجيل حضوري**)، ويستطيع القائد **تسجيل الحضور** لأي شخص في القائمة بمن فيهم الضيوف. وعندما يحضر الجميع يضغط القائد **تجمّع الجميع**، فيُسجَّل زمن التجمع ويُقارن بهدف التجمع في التمرين. ويظهر الحضور وزمن التجمع في ملخص ما بعد التمرين.`,
      },
    },
  },
  {
    tags: ['drills', 'after-action'],
    texts: {
      en: {
        title: 'The after-action summary, corrective actions and the PDF download',
        body: `Every drill run has an after-action summary, written from its decision log. Open it with **Summary** on **Drill runs**, or **Open the after-action summary** in the console. It fills in while the drill runs and is final once the lead completes the drill.

It shows the scenario and objectives, each step's expected time against the time it took, attendance and the time to muster against its target, each inject's planned time against when it went out, strengths and areas for improvement, the timeline, corrective actions, the approval and addenda.

- **Corrective actions**: the lead, administrators and managers press **Add a corrective action** (what will change, an owner and a due date), or **Create an action from this** on an area for improvement, and move each action from open to in progress to done.
- **Download PDF** downloads the summary as a PDF file; **Download CSV** gives the same records as a spreadsheet, and **Print** prints the page. Every download is recorded in the security timeline.
- **Approve and lock** (administrators and managers, once the drill is completed) signs the summary off and locks the drill run. After that, record anything new with **Add the addendum**: a dated note that cannot be changed.`,
      },
      es: {
        title: 'El informe posterior del simulacro, las acciones correctivas y la descarga en PDF',
        body: `Cada simulacro tiene un informe posterior (el resumen del simulacro), redactado a partir de su registro de decisiones. Ábralo con **Resumen** en **Ejecuciones de simulacro**, o con **Abrir el informe posterior** en la consola. Se completa mientras el simulacro avanza y es definitivo cuando el responsable lo finaliza.

Muestra el escenario y los objetivos, el tiempo previsto de cada paso frente al tiempo que llevó, la asistencia y el tiempo de reunión frente a su objetivo, la hora prevista de cada inyección frente a la de su publicación, los puntos fuertes y los aspectos a mejorar, la cronología, las acciones correctivas, la aprobación y los anexos.

- **Acciones correctivas**: el responsable, los administradores y los gerentes pulsan **Añadir una acción correctiva** (qué cambiará, un responsable y una fecha límite), o **Crear una acción a partir de esto** en un aspecto a mejorar, y pasan cada acción de abierta a en curso y a hecha.
- **Descargar PDF** descarga el resumen del simulacro como archivo PDF; **Descargar CSV** da los mismos registros como hoja de cálculo, e **Imprimir** imprime la página. Cada descarga queda anotada en el historial de seguridad.
- **Aprobar y bloquear** (administradores y gerentes, una vez finalizado el simulacro) da el visto bueno al informe y bloquea el simulacro. Después, anote cualquier novedad con **Añadir el anexo**: una nota fechada que no se puede cambiar.`,
      },
      zh: {
        title: '演练后总结、纠正措施与 PDF 下载',
        body: `每次演练都有一份根据决策日志生成的演练后总结。在 **演练执行** 中点击 **总结**，或在控制台中点击 **打开演练后总结** 即可打开。演练进行时总结会持续更新，负责人完成演练后即为最终版本。

总结包括场景和目标、每个步骤的预计用时与实际用时、出勤情况以及集合用时与目标的对比、每个注入事件的计划时间与实际发布时间、优点和待改进项、时间线、纠正措施、批准信息和附录。

- **纠正措施**：负责人、管理员和经理可以点击 **添加纠正措施**（要改变什么、负责人和截止日期），或在待改进项上点击 **据此创建措施**，并将每项措施从未开始推进到进行中再到完成。
- **下载 PDF** 会将总结下载为 PDF 文件；**下载 CSV** 以表格形式提供相同记录；**打印** 可打印页面。每次下载都会记录在安全时间线中。
- **批准并锁定**（管理员和经理，演练完成后可用）会签署总结并锁定该演练。此后如有新情况，请使用 **添加附录**：附录带有日期，添加后不可更改。`,
      },
      ar: {
        title: 'ملخص ما بعد التمرين والإجراءات التصحيحية وتنزيل PDF',
        body: `لكل تمرين ملخص ما بعد التمرين، يُكتب من سجل القرارات. افتحه عبر **الملخص** في **تنفيذ التمارين**، أو عبر **فتح ملخص ما بعد التمرين** في وحدة التحكم. يكتمل الملخص أثناء سير التمرين ويصبح نهائيًا عندما ينهي القائد التمرين.

يعرض السيناريو والأهداف، والوقت المتوقع لكل خطوة مقابل الوقت الذي استغرقته، والحضور وزمن التجمع مقابل هدفه، والموعد المخطط لكل مستجد مقابل موعد نشره، ونقاط القوة ومجالات التحسين، والتسلسل الزمني، والإجراءات التصحيحية، والاعتماد، والملاحق.

- **الإجراءات التصحيحية**: يضغط القائد والمسؤولون والمديرون **إضافة إجراء تصحيحي** (ما الذي سيتغير، ومن المسؤول عنه، وتاريخ الاستحقاق)، أو **إنشاء إجراء من هذه الملاحظة** على مجال للتحسين، وينقلون كل إجراء من مفتوح إلى قيد التنفيذ ثم إلى منجز.
- يُنزّل **تنزيل PDF** الملخص ملفَّ PDF، ويعطي **تنزيل CSV** السجلات نفسها جدولًا، ويطبع **طباعة** الصفحة. ويُسجَّل كل تنزيل في السجل الزمني للأمان.
- **اعتماد وإقفال** (للمسؤولين والمديرين بعد إنهاء التمرين) يوقّع الملخص ويقفل التمرين. بعد ذلك سجّل أي جديد عبر **إضافة الملحق**: ملاحظة مؤرخة لا يمكن تغييرها.`,
      },
    },
  },
  {
    tags: ['drills', 'reminders'],
    texts: {
      en: {
        title: 'Drill reminders and required cadences',
        body: `**Reminders and cadences** (under **Drill runs**) says how Muster reminds people before scheduled drills and how often your regulations require a drill.

**Reminder rules**: each rule sends a reminder a set time before every scheduled drill (up to 30 days), by email, in the app or both, to the lead, the participants and the managers. A new organisation starts with three: a week before, a day before and an hour before. **Add a reminder** and **Save reminders**; changes apply to drills already scheduled, and reminders move with a drill when its plan changes. **Next reminders** lists what goes out next.

**Required cadences**: how often a completed drill or exercise must take place. By default the ISPS Code's: a drill at least every 3 months, and an exercise every calendar year, at most 18 months apart. Each cadence shows on track, due soon or overdue against the last completed run that counts.

Only administrators and managers change reminders and cadences; everyone else can read them.`,
      },
      es: {
        title: 'Recordatorios de simulacros y frecuencias obligatorias',
        body: `**Recordatorios y frecuencias** (en **Ejecuciones de simulacro**) indica cómo avisa Muster antes de los simulacros programados y con qué frecuencia su normativa exige un simulacro.

**Reglas de recordatorio**: cada regla envía un recordatorio un tiempo fijo antes de cada simulacro programado (hasta 30 días), por correo, en la aplicación o ambos, al responsable, a los participantes y a los gerentes. Una organización nueva empieza con tres: una semana antes, un día antes y una hora antes. Use **Añadir un recordatorio** y **Guardar recordatorios**; los cambios se aplican a los simulacros ya programados, y los recordatorios se mueven con el simulacro cuando cambia su plan. **Próximos recordatorios** muestra los siguientes envíos.

**Frecuencias obligatorias**: cada cuánto debe realizarse un simulacro o ejercicio. Por defecto, las del Código PBIP (ISPS): un simulacro al menos cada 3 meses y un ejercicio cada año natural, con no más de 18 meses entre uno y otro. Cada frecuencia aparece al día, próxima a vencer o vencida según el último simulacro finalizado que cuenta.

Solo los administradores y los gerentes cambian los recordatorios y las frecuencias; los demás pueden consultarlos.`,
      },
      zh: {
        title: '演练提醒与规定频次',
        body: `**提醒与频次**（位于 **演练执行** 下）说明 Muster 如何在已安排的演练前提醒相关人员，以及法规要求多久进行一次演练。

**提醒规则**：每条规则会在每次已安排演练开始前的固定时间（最多提前 30 天）通过电子邮件、应用内通知或两者同时发送提醒，对象可以是负责人、参与者和经理。新组织默认有三条规则：提前一周、提前一天和提前一小时。点击 **添加提醒** 和 **保存提醒**；更改会应用到已安排的演练，演练计划变更时提醒也会随之调整。**下一批提醒** 列出即将发送的提醒。

**规定频次**：完成的演练或实战演习需要多久进行一次。默认采用 ISPS 规则：至少每 3 个月一次演练；每个日历年一次演习，且两次演习间隔不超过 18 个月。每项频次都会根据最近一次符合条件的已完成演练显示为正常、即将到期或已逾期。

只有管理员和经理可以更改提醒和频次，其他人可以查看。`,
      },
      ar: {
        title: 'تذكيرات التمارين والوتيرات المطلوبة',
        body: `تبيّن صفحة **التذكيرات والوتيرات** (ضمن **تنفيذ التمارين**) كيف يذكّر Muster الأشخاص قبل التمارين المجدولة، وكم مرة تتطلب لوائحك إجراء تمرين.

**قواعد التذكير**: ترسل كل قاعدة تذكيرًا قبل كل تمرين مجدول بمدة محددة (حتى 30 يومًا)، بالبريد الإلكتروني أو داخل التطبيق أو بكليهما، إلى القائد والمشاركين والمديرين. تبدأ المؤسسة الجديدة بثلاث قواعد: قبل أسبوع وقبل يوم وقبل ساعة. استخدم **إضافة تذكير** ثم **حفظ التذكيرات**؛ تنطبق التغييرات على التمارين المجدولة مسبقًا، وتنتقل التذكيرات مع التمرين عند تغيير خطته. ويعرض قسم التذكيرات التالية ما سيُرسل قريبًا.

**الوتيرات المطلوبة**: كم مرة يجب إجراء تمرين أو مناورة مكتملة. الافتراضي هو مدونة ISPS: تمرين كل 3 أشهر على الأقل، ومناورة في كل سنة تقويمية بفاصل لا يتجاوز 18 شهرًا. وتظهر كل وتيرة منتظمة أو قريبة الاستحقاق أو متأخرة مقارنة بآخر تمرين مكتمل يُحتسب لها.

لا يغيّر التذكيرات والوتيرات إلا المسؤولون والمديرون، ويستطيع الباقون الاطلاع عليها.`,
      },
    },
  },
  {
    tags: ['support', 'tickets'],
    texts: {
      en: {
        title: 'Support tickets and attachments',
        body: `Open a ticket from **Need Help?** in the top bar or **New ticket** on **My Tickets**: a subject (3 to 200 characters), a description, a category (question, incident, drills, compliance, billing, account, technical or other) and a priority, then **Open ticket**. Attach screenshots or documents with **Add files**: PNG, JPEG, GIF, WebP or PDF, up to 10 MB each.

Support answers on the ticket and by email. Reply on the ticket page with **Send reply**, and add files later with **Attach a file**. A closed ticket takes no more replies: open a new ticket if you need more help.

Service levels by priority, from the ticket's creation: a first answer within 1 hour for urgent tickets, 4 hours for high, 8 hours for normal and 24 hours for low. **My Tickets** lists the tickets you opened; administrators and managers see all of their organisation's tickets under **Tickets**.`,
      },
      es: {
        title: 'Tickets de soporte y archivos adjuntos',
        body: `Abra un ticket desde **¿Necesita ayuda?** en la barra superior o con **Nuevo ticket** en **Mis tickets**: un asunto (de 3 a 200 caracteres), una descripción, una categoría (pregunta, incidente, simulacros, cumplimiento, facturación, cuenta, técnica u otra) y una prioridad, y pulse **Abrir ticket**. Adjunte capturas o documentos con **Añadir archivos**: PNG, JPEG, GIF, WebP o PDF, de hasta 10 MB cada uno.

El equipo de soporte responde en el ticket y por correo. Responda en la página del ticket con **Enviar respuesta** y añada archivos más tarde con **Adjuntar un archivo**. Un ticket cerrado ya no admite respuestas: abra uno nuevo si necesita más ayuda.

Niveles de servicio según la prioridad, desde la creación del ticket: primera respuesta en 1 hora para los urgentes, 4 horas para los altos, 8 horas para los normales y 24 horas para los bajos. **Mis tickets** muestra los que usted abrió; los administradores y los gerentes ven todos los de su organización en **Tickets**.`,
      },
      zh: {
        title: '支持工单与附件',
        body: `通过顶部栏的 **需要帮助？** 或 **我的工单** 中的 **新建工单** 提交工单：填写主题（3 到 200 个字符）、描述、类别（问题、事件、演练、合规、账单、账户、技术或其他）和优先级，然后点击 **提交工单**。可通过 **添加文件** 附上截图或文档：PNG、JPEG、GIF、WebP 或 PDF，每个文件不超过 10 MB。

支持团队会在工单中并通过电子邮件回复。您可以在工单页面点击 **发送回复** 进行回复，之后也可以通过 **附加文件** 补充文件。已关闭的工单不能再回复：如需更多帮助，请新建工单。

按优先级的服务时限（从工单创建时起算）：紧急工单 1 小时内首次答复，高优先级 4 小时，普通 8 小时，低优先级 24 小时。**我的工单** 列出您提交的工单；管理员和经理可以在 **工单** 中查看本组织的全部工单。`,
      },
      ar: {
        title: 'تذاكر الدعم والمرفقات',
        body: `افتح تذكرة من **هل تحتاج إلى مساعدة؟** في الشريط العلوي أو من **تذكرة جديدة** في **تذاكري**: موضوع (من 3 إلى 200 حرف) ووصف وفئة (سؤال أو حادثة أو تمارين أو امتثال أو فوترة أو حساب أو مسألة تقنية أو غير ذلك) وأولوية، ثم اضغط **فتح التذكرة**. أرفق لقطات شاشة أو مستندات عبر **إضافة ملفات**: PNG أو JPEG أو GIF أو WebP أو PDF، بحد أقصى 10 ميغابايت لكل ملف.

يرد فريق الدعم في التذكرة وبالبريد الإلكتروني. ردّ من صفحة التذكرة عبر **إرسال الرد**، وأضف ملفات لاحقًا عبر **إرفاق ملف**. لا تقبل التذكرة المغلقة ردودًا جديدة: افتح تذكرة جديدة إذا احتجت إلى مزيد من المساعدة.

مستويات الخدمة حسب الأولوية، من لحظة إنشاء التذكرة: أول رد خلال ساعة للتذاكر العاجلة، و4 ساعات للعالية، و8 ساعات للعادية، و24 ساعة للمنخفضة. تعرض **تذاكري** التذاكر التي فتحتها، ويرى المسؤولون والمديرون جميع تذاكر مؤسستهم في **التذاكر**.`,
      },
    },
  },
  {
    tags: ['support', 'live-chat'],
    texts: {
      en: {
        title: 'Live chat with support',
        body: `Open the chat button at the bottom of any page, or the help desk at /app/help-desk (on a phone it opens full screen). You can chat without an account.

1. Ask the assistant first; when you need a person, press **Talk to a person**.
2. Write your first message (visitors also give their name and email) and press **Start the chat**. You wait in the queue until a support operator joins; you see when they are typing and when they have read your messages.
3. Send images or PDF documents with **Attach a file**. The operator may pass the chat to a colleague; you stay in the same conversation.
4. **End chat** when you are done, then rate the chat from 1 to 5 stars, and choose **Email me the transcript** to get a copy.

When nobody is online, leave a message: it becomes a ticket and we answer you by email.`,
      },
      es: {
        title: 'Chat en vivo con soporte',
        body: `Abra el botón de chat al pie de cualquier página, o el servicio de ayuda en /app/help-desk (en un teléfono se abre a pantalla completa). Puede chatear sin cuenta.

1. Pregunte primero al asistente; cuando necesite una persona, pulse **Hablar con una persona**.
2. Escriba su primer mensaje (los visitantes indican también su nombre y su correo) y pulse **Iniciar el chat**. Esperará en la cola hasta que se una un operador de soporte; verá cuándo escribe y cuándo ha leído sus mensajes.
3. Envíe imágenes o documentos PDF adjuntando un archivo. El operador puede pasar el chat a un compañero; usted sigue en la misma conversación.
4. Pulse **Finalizar chat** al terminar, valore el chat de 1 a 5 estrellas y elija **Enviarme la transcripción por correo** para recibir una copia.

Si no hay nadie conectado, deje un mensaje: se convierte en un ticket y le respondemos por correo.`,
      },
      zh: {
        title: '与支持人员在线聊天',
        body: `点击任意页面底部的聊天按钮，或打开帮助台 /app/help-desk（在手机上会全屏打开）。无需账户即可聊天。

1. 先向智能助手提问；需要人工帮助时，点击 **与人工客服交谈**。
2. 写下第一条消息（访客还需填写姓名和邮箱），然后点击 **开始聊天**。您会在队列中等待，直到支持人员加入；您可以看到对方何时正在输入、何时已读您的消息。
3. 可以发送图片或 PDF 文档作为附件。支持人员可能会将聊天转给同事，您仍在同一个对话中。
4. 结束时点击 **结束聊天**，然后为本次聊天打 1 到 5 星，并可选择 **通过电子邮件发送聊天记录** 获取副本。

如果没有人在线，请留言：留言会转为工单，我们会通过电子邮件回复您。`,
      },
      ar: {
        title: 'الدردشة المباشرة مع الدعم',
        body: `افتح زر الدردشة أسفل أي صفحة، أو مكتب المساعدة في /app/help-desk (على الهاتف يُفتح بملء الشاشة). يمكنك الدردشة دون حساب.

1. اسأل المساعد أولًا، وعندما تحتاج إلى شخص اضغط **التحدث إلى شخص**.
2. اكتب رسالتك الأولى (ويذكر الزوار اسمهم وبريدهم أيضًا) ثم اضغط **بدء المحادثة**. تنتظر في الطابور حتى ينضم موظف دعم، وترى متى يكتب ومتى قرأ رسائلك.
3. أرسل صورًا أو مستندات PDF كمرفقات. قد يحوّل الموظف المحادثة إلى زميل، وتبقى أنت في المحادثة نفسها.
4. اضغط **إنهاء المحادثة** عند الانتهاء، ثم قيّم المحادثة من 1 إلى 5 نجوم، واختر **أرسل لي نص المحادثة بالبريد الإلكتروني** للحصول على نسخة.

إذا لم يكن أحد متصلًا فاترك رسالة: تتحول إلى تذكرة ونرد عليك بالبريد الإلكتروني.`,
      },
    },
  },
  {
    tags: ['support', 'assistant'],
    texts: {
      en: {
        title: 'The help desk and the Skipper assistant',
        body: `The help desk opens from the **Chat with Skipper** button at the bottom of every page, or at /app/help-desk. Skipper, the help-desk assistant, answers at any hour in your language.

Skipper answers only from the published articles of this help centre, and links each answer to the articles it comes from, so you can read the whole of them. When no article answers your question, Skipper says so plainly instead of guessing and offers **Talk to a person** (live chat) or **Create a ticket**.

To keep the service fair, Skipper takes a limited number of questions a minute from one person; wait a moment if it asks you to. The help centre itself is at /app/help: search it, or browse it by topic.`,
      },
      es: {
        title: 'El servicio de ayuda y el asistente Skipper',
        body: `El servicio de ayuda se abre con el botón **Chatear con Skipper** al pie de cada página, o en /app/help-desk. Skipper, el asistente del servicio de ayuda, responde a cualquier hora y en su idioma.

Skipper responde solo a partir de los artículos publicados en este centro de ayuda y enlaza cada respuesta con los artículos de los que procede, para que pueda leerlos completos. Si ningún artículo responde a su pregunta, Skipper lo dice claramente en lugar de adivinar y le ofrece **Hablar con una persona** (chat en vivo) o **Crear un ticket**.

Para que el servicio sea justo, Skipper acepta un número limitado de preguntas por minuto de una misma persona; espere un momento si se lo pide. El centro de ayuda está en /app/help: busque en él o recórralo por temas.`,
      },
      zh: {
        title: '帮助台与 Skipper 智能助手',
        body: `点击每个页面底部的 **与 Skipper 聊天** 按钮，或打开 /app/help-desk，即可进入帮助台。帮助台智能助手 Skipper 全天候用您的语言回答问题。

Skipper 只根据本帮助中心已发布的文章作答，并在每个回答中附上来源文章的链接，方便您阅读全文。如果没有文章能回答您的问题，Skipper 会直接说明而不会乱猜，并提供 **与人工客服交谈**（在线聊天）或 **创建工单** 两个选项。

为保证服务公平，Skipper 每分钟接受同一个人提问的次数有限；如果它请您稍候，请等待片刻。帮助中心位于 /app/help：可以搜索，也可以按主题浏览。`,
      },
      ar: {
        title: 'مكتب المساعدة والمساعد Skipper',
        body: `يُفتح مكتب المساعدة من زر **الدردشة مع Skipper** أسفل كل صفحة، أو من /app/help-desk. يجيب Skipper، مساعد مكتب المساعدة، في أي وقت وبلغتك.

لا يجيب Skipper إلا من المقالات المنشورة في مركز المساعدة هذا، ويربط كل إجابة بالمقالات التي أُخذت منها لتقرأها كاملة. وإذا لم تُجب أي مقالة عن سؤالك، يقول Skipper ذلك صراحة بدل التخمين، ويعرض عليك **التحدث إلى شخص** (الدردشة المباشرة) أو **إنشاء تذكرة**.

حرصًا على عدالة الخدمة، يقبل Skipper عددًا محدودًا من الأسئلة في الدقيقة من الشخص نفسه؛ انتظر لحظة إذا طلب منك ذلك. أما مركز المساعدة نفسه ففي /app/help: ابحث فيه أو تصفّحه حسب الموضوع.`,
      },
    },
  },
  {
    tags: ['usage', 'billing'],
    texts: {
      en: {
        title: 'The usage dashboard, usage alerts and thresholds',
        body: `The **Usage Dashboard** (/app/usage) shows, for each resource (drill runs, AI tokens, email notifications, storage, SCIM API calls and SIEM events), this month's use against your plan's monthly limit, and the last six months.

Everyone in the organisation is alerted the moment a resource crosses a threshold: at **90%** an orange alert appears at the top of every screen; at **100%** it turns red and says which service is blocked until you upgrade. Under **Alert thresholds** an administrator can add other thresholds (from 1% to 100%, at most six per resource); 90% and 100% always apply.

On Basic and Standard an administrator can turn on **Overage billing** instead of stopping at the limit: $50 per block of 25 extra drill runs and $10 per extra GB of storage, invoiced when the month closes. Enterprise plans work under fair use.`,
      },
      es: {
        title: 'El panel de uso, las alertas de uso y los umbrales',
        body: `El **Panel de uso** (/app/usage) muestra, para cada recurso (simulacros, tokens de IA, notificaciones por correo, almacenamiento, llamadas a la API SCIM y eventos SIEM), el uso de este mes frente al límite mensual de su plan, y los últimos seis meses.

Toda la organización recibe una alerta en cuanto un recurso supera un umbral: al **90 %** aparece una alerta naranja en la parte superior de cada pantalla; al **100 %** se vuelve roja e indica qué servicio queda bloqueado hasta que mejore el plan. En **Umbrales de alerta** un administrador puede añadir otros umbrales (del 1 % al 100 %, como máximo seis por recurso); el 90 % y el 100 % se aplican siempre.

En los planes Basic y Standard un administrador puede activar la **Facturación de excedentes** en lugar de detenerse en el límite: 50 $ por cada bloque de 25 simulacros adicionales y 10 $ por cada GB adicional de almacenamiento, facturados al cerrar el mes. Los planes Enterprise funcionan con uso razonable.`,
      },
      zh: {
        title: '用量仪表板、用量提醒与阈值',
        body: `**用量仪表板**（/app/usage）显示每种资源（演练次数、AI 令牌、邮件通知、存储、SCIM API 调用和 SIEM 事件）本月的用量与套餐每月上限的对比，以及最近六个月的情况。

一旦某项资源越过阈值，组织内所有人都会立即收到提醒：达到 **90%** 时，每个页面顶部会出现橙色提醒；达到 **100%** 时提醒变为红色，并说明在升级套餐前哪项服务会被阻止。管理员可以在 **提醒阈值** 中添加其他阈值（1% 到 100%，每种资源最多六个）；90% 和 100% 始终有效。

在 Basic 和 Standard 套餐中，管理员可以开启 **超额计费**，达到上限后继续使用：每多 25 次演练收费 50 美元，每多 1 GB 存储收费 10 美元，在月底结算开票。Enterprise 套餐按合理使用原则提供。`,
      },
      ar: {
        title: 'لوحة الاستخدام وتنبيهات الاستخدام والعتبات',
        body: `تعرض **لوحة الاستخدام** (/app/usage) لكل مورد (التمارين ورموز الذكاء الاصطناعي وإشعارات البريد والتخزين واستدعاءات واجهة SCIM وأحداث SIEM) استخدام هذا الشهر مقابل الحد الشهري لخطتك، مع الأشهر الستة الأخيرة.

يُنبَّه كل من في المؤسسة لحظة تجاوز مورد لإحدى العتبات: عند **90%** يظهر تنبيه برتقالي أعلى كل شاشة، وعند **100%** يصبح أحمر ويذكر الخدمة المحظورة حتى ترقية الخطة. ومن **عتبات التنبيه** يستطيع المسؤول إضافة عتبات أخرى (من 1% إلى 100%، وست عتبات كحد أقصى لكل مورد)، وتبقى عتبتا 90% و100% مطبقتين دائمًا.

في خطتي Basic وStandard يستطيع المسؤول تفعيل **فوترة الاستخدام الزائد** بدل التوقف عند الحد: 50 دولارًا لكل مجموعة من 25 تمرينًا إضافيًا و10 دولارات لكل غيغابايت إضافي من التخزين، تُفوتر عند إقفال الشهر. أما خطط Enterprise فتعمل وفق الاستخدام العادل.`,
      },
    },
  },
  {
    tags: ['billing'],
    texts: {
      en: {
        title: 'Plans, subscription, checkout and invoices',
        body: `Every organisation starts with a 14-day free trial; no card is asked for. **Subscription** (/app/subscription) shows your plan, your trial and the plans you can move to:

- **Basic**: $129 a month, 15 users, 10 drill runs a month, 10 GB of storage.
- **Standard**: $399 a month, 50 users, 150 drill runs a month, 100 GB.
- **Enterprise**: from $1,499 a month, 1,000 users, 500 drill runs a month, 2,000 GB, with fair use above.

Annual billing saves 20%. Only an administrator changes the plan: choose **Upgrade to** or **Change to** a plan and a billing period, check **Review your order**, then **Confirm order**. Payment is taken by Stripe when your organisation pays by card; otherwise an invoice payable by bank transfer within 30 days follows, and its number is your payment reference. A plan that allows fewer users than you have members cannot be chosen.

Administrators find **Invoices**, overage billing and the **Billing portal** (automatic renewal) under Billing; accountants see invoices, payments and usage costs, export invoices as CSV and mark invoices paid when the transfer arrives.`,
      },
      es: {
        title: 'Planes, suscripción, pago y facturas',
        body: `Toda organización empieza con una prueba gratuita de 14 días, sin tarjeta. **Suscripción** (/app/subscription) muestra su plan, su prueba y los planes a los que puede cambiar:

- **Basic**: 129 $ al mes, 15 usuarios, 10 simulacros al mes, 10 GB de almacenamiento.
- **Standard**: 399 $ al mes, 50 usuarios, 150 simulacros al mes, 100 GB.
- **Enterprise**: desde 1499 $ al mes, 1000 usuarios, 500 simulacros al mes, 2000 GB, con uso razonable por encima.

La facturación anual ahorra un 20 %. Solo un administrador cambia el plan: elija un plan y un periodo de facturación, revise el pedido y pulse **Confirmar el pedido**. Si su organización paga con tarjeta, el cobro lo hace Stripe; si no, recibirá una factura pagadera por transferencia bancaria en 30 días, cuyo número es la referencia del pago. No se puede elegir un plan que admita menos usuarios que los miembros que tiene.

Los administradores encuentran las **Facturas**, la facturación de excedentes y el **Portal de facturación** (renovación automática) en Facturación; los contables ven las facturas, los pagos y los costes de uso, exportan las facturas en CSV y las marcan como pagadas cuando llega la transferencia.`,
      },
      zh: {
        title: '套餐、订阅、结账与发票',
        body: `每个组织都从 14 天免费试用开始，无需信用卡。**订阅**（/app/subscription）显示您的套餐、试用期以及可以更换的套餐：

- **Basic**：每月 129 美元，15 名用户，每月 10 次演练，10 GB 存储。
- **Standard**：每月 399 美元，50 名用户，每月 150 次演练，100 GB。
- **Enterprise**：每月 1,499 美元起，1,000 名用户，每月 500 次演练，2,000 GB，超出部分按合理使用原则提供。

按年付费可节省 20%。只有管理员可以更改套餐：选择套餐和计费周期，核对订单后点击 **确认订单**。如果您的组织使用银行卡付款，由 Stripe 收款；否则会收到一张需在 30 天内通过银行转账支付的发票，发票号码即付款参考号。如果套餐允许的用户数少于组织现有成员数，则无法选择该套餐。

管理员可在账单页面找到 **发票**、超额计费和 **账单门户**（自动续订）；会计可以查看发票、付款和用量费用，将发票导出为 CSV，并在转账到账后将发票标记为已付。`,
      },
      ar: {
        title: 'الخطط والاشتراك والدفع والفواتير',
        body: `تبدأ كل مؤسسة بتجربة مجانية لمدة 14 يومًا دون طلب بطاقة. تعرض صفحة **الاشتراك** (/app/subscription) خطتك وتجربتك والخطط التي يمكنك الانتقال إليها:

- **Basic**: ‏129 دولارًا شهريًا، 15 مستخدمًا، 10 تمارين شهريًا، 10 غيغابايت تخزين.
- **Standard**: ‏399 دولارًا شهريًا، 50 مستخدمًا، 150 تمرينًا شهريًا، 100 غيغابايت.
- **Enterprise**: ابتداءً من 1499 دولارًا شهريًا، 1000 مستخدم، 500 تمرين شهريًا، 2000 غيغابايت، مع استخدام عادل فوق ذلك.

توفّر الفوترة السنوية 20%. لا يغيّر الخطة إلا المسؤول: اختر خطة وفترة فوترة، وراجع الطلب، ثم اضغط **تأكيد الطلب**. إذا كانت مؤسستك تدفع بالبطاقة فإن Stripe يتولى الدفع، وإلا تصلك فاتورة تُدفع بتحويل مصرفي خلال 30 يومًا، ورقمها هو مرجع الدفع. ولا يمكن اختيار خطة تسمح بعدد مستخدمين أقل من أعضاء مؤسستك.

يجد المسؤولون **الفواتير** وفوترة الاستخدام الزائد و**بوابة الفوترة** (التجديد التلقائي) في صفحة الفوترة، ويطّلع المحاسبون على الفواتير والمدفوعات وتكاليف الاستخدام، ويصدّرون الفواتير بصيغة CSV، ويسجّلون الفاتورة مدفوعة عند وصول التحويل.`,
      },
    },
  },
  {
    tags: ['security', 'audit'],
    texts: {
      en: {
        title: 'The security timeline, audit chain verification and security threats',
        body: `Every security-relevant action is written once to your organisation's audit trail: sign-ins and failed sign-ins, sign-outs, session locks and unlocks, password changes, role changes, exports and downloads, billing and SIEM changes.

- **Your security timeline** (/app/security-timeline, from your profile): your own events, newest first, with time, IP address and browser.
- **The organisation's security timeline** (administrators, /app/admin/security-timeline): every event of the organisation with who did it and from where. Filter by dates, outcome, event class, severity, action, IP address or words, open **Details** on any event, and **Export CSV**.
- **Audit chain verification**: the events are hash-chained in order. **Verify audit chain** recomputes the hash of every event and reports either that the chain is intact, or the first broken link: an event changed after it was written, an event that does not follow the one before it, or a missing event.
- **Security threats** (administrators, /app/admin/security-threats): failed sign-ins by account and by address, lockouts, and sign-ins at unusual hours or from new addresses, over the last days or the dates you choose. Accounts and addresses with many failures are flagged.`,
      },
      es: {
        title: 'El historial de seguridad, la verificación de la cadena de auditoría y las amenazas',
        body: `Cada acción relevante para la seguridad se escribe una vez en el registro de auditoría de su organización: inicios de sesión y los intentos fallidos, cierres de sesión, bloqueos y desbloqueos de sesión, cambios de contraseña y de rol, exportaciones y descargas, y cambios de facturación y de SIEM.

- **Su historial de seguridad** (/app/security-timeline, desde su perfil): sus propios eventos, del más reciente al más antiguo, con la hora, la dirección IP y el navegador.
- **El historial de seguridad de la organización** (administradores, /app/admin/security-timeline): todos los eventos de la organización con quién los hizo y desde dónde. Filtre por fechas, resultado, clase de evento, gravedad, acción, dirección IP o palabras, abra el detalle de cualquier evento y use **Exportar CSV**.
- **Verificación de la cadena de auditoría**: los eventos se encadenan por hash en orden. **Verificar la cadena de auditoría** recalcula el hash de cada evento e indica que la cadena está intacta o cuál es el primer eslabón roto: un evento modificado después de escribirse, un evento que no sigue al anterior o un evento que falta.
- **Amenazas de seguridad** (administradores, /app/admin/security-threats): inicios de sesión fallidos por cuenta y por dirección, bloqueos, e inicios de sesión a horas inusuales o desde direcciones nuevas, en los últimos días o en las fechas que elija. Las cuentas y direcciones con muchos fallos quedan señaladas.`,
      },
      zh: {
        title: '安全时间线、审计链验证与安全威胁',
        body: `每项与安全相关的操作都会在组织的审计记录中写入一次：登录与登录失败、退出登录、会话锁定与解锁、密码更改、角色变更、导出与下载，以及账单和 SIEM 的更改。

- **您的安全时间线**（/app/security-timeline，可从个人资料进入）：您自己的事件，按时间倒序排列，包含时间、IP 地址和浏览器。
- **组织的安全时间线**（管理员，/app/admin/security-timeline）：组织的全部事件，以及操作人和来源。可按日期、结果、事件类别、严重程度、操作、IP 地址或关键词筛选，查看任一事件的详情，并 **导出 CSV**。
- **审计链验证**：事件按顺序以哈希值串联。**验证审计链** 会重新计算每个事件的哈希值，并报告审计链完好，或指出第一个断开的环节：事件在写入后被更改、事件与前一个事件衔接不上，或有事件缺失。
- **安全威胁**（管理员，/app/admin/security-threats）：按账户和地址统计的登录失败、账户锁定，以及在异常时段或从新地址的登录，时间范围为最近几天或您选择的日期。失败次数多的账户和地址会被标记。`,
      },
      ar: {
        title: 'السجل الزمني للأمان والتحقق من سلسلة التدقيق والتهديدات الأمنية',
        body: `يُكتب كل إجراء متعلق بالأمان مرة واحدة في سجل تدقيق مؤسستك: تسجيلات الدخول ومحاولات الدخول الفاشلة، وتسجيل الخروج، وقفل الجلسة وفتحها، وتغيير كلمة المرور والأدوار، والتصدير والتنزيل، وتغييرات الفوترة وSIEM.

- **سجلك الزمني للأمان** (/app/security-timeline، من ملفك الشخصي): أحداثك أنت، الأحدث أولًا، مع الوقت وعنوان IP والمتصفح.
- **السجل الزمني للأمان الخاص بالمؤسسة** (للمسؤولين، /app/admin/security-timeline): كل أحداث المؤسسة مع من قام بها ومن أين. صفِّ حسب التواريخ أو النتيجة أو فئة الحدث أو الخطورة أو الإجراء أو عنوان IP أو الكلمات، وافتح تفاصيل أي حدث، واستخدم **تصدير CSV**.
- **التحقق من سلسلة التدقيق**: الأحداث مترابطة بالتجزئة بالترتيب. يعيد **التحقق من سلسلة التدقيق** حساب تجزئة كل حدث، ويُبلغ بأن السلسلة سليمة أو بأول حلقة مكسورة: حدث تغيّر بعد كتابته، أو حدث لا يلي الحدث الذي قبله، أو حدث مفقود.
- **التهديدات الأمنية** (للمسؤولين، /app/admin/security-threats): محاولات الدخول الفاشلة حسب الحساب والعنوان، وحالات القفل، وتسجيلات الدخول في ساعات غير معتادة أو من عناوين جديدة، خلال الأيام الأخيرة أو التواريخ التي تختارها. وتُعلَّم الحسابات والعناوين ذات الإخفاقات الكثيرة.`,
      },
    },
  },
  {
    tags: ['siem', 'security'],
    texts: {
      en: {
        title: 'Sending security events to your SIEM',
        body: `Administrators add SIEM destinations under **SIEM webhooks** (/app/admin/siem), at most 10 per organisation. Each destination has a name, an https:// address, a format (Standard Webhooks JSON, Splunk HTTP Event Collector, or a JSON array for Elastic), an optional minimum severity and event classes, and an optional Authorization header. Press **Add destination**: its signing secret is shown once, so copy it then.

Every security event (sign-ins, role changes, exports and more) is delivered signed with your secret and retried for days if your receiver is down; a destination that answers 410 Gone, or fails for 5 days, is disabled. Send a test event to check it. The delivery log shows each delivery and its attempts; failed deliveries can be replayed one by one with **Replay**, or all at once. **Rotate secret** creates a new secret while the old one keeps signing beside it for an overlap you choose (24 hours by default, at most 7 days).`,
      },
      es: {
        title: 'Enviar los eventos de seguridad a su SIEM',
        body: `Los administradores añaden destinos SIEM en los webhooks SIEM (/app/admin/siem), como máximo 10 por organización. Cada destino tiene un nombre, una dirección https://, un formato (Standard Webhooks JSON, Splunk HTTP Event Collector o una matriz JSON para Elastic), una gravedad mínima y clases de evento opcionales, y una cabecera Authorization opcional. Pulse **Añadir destino**: su secreto de firma se muestra una sola vez, así que cópielo entonces.

Cada evento de seguridad (inicios de sesión, cambios de rol, exportaciones y más) se entrega firmado con su secreto y se reintenta durante días si su receptor no responde; un destino que responde 410 Gone, o que falla durante 5 días, se desactiva. Envíe un evento de prueba para comprobarlo. El registro de entregas muestra cada entrega y sus intentos; las entregas fallidas se pueden reenviar una a una con **Reenviar**, o todas a la vez. **Rotar el secreto** crea un secreto nuevo mientras el anterior sigue firmando durante el solapamiento que elija (24 horas por defecto, como máximo 7 días).`,
      },
      zh: {
        title: '将安全事件发送到 SIEM',
        body: `管理员在 SIEM Webhook 页面（/app/admin/siem）添加 SIEM 目标，每个组织最多 10 个。每个目标包括名称、https:// 地址、格式（Standard Webhooks JSON、Splunk HTTP Event Collector 或供 Elastic 使用的 JSON 数组）、可选的最低严重程度和事件类别，以及可选的 Authorization 请求头。点击 **添加目标** 后，签名密钥只显示一次，请立即复制保存。

每个安全事件（登录、角色变更、导出等）都会用您的密钥签名后投递；如果接收端不可用，会在数天内持续重试。接收端返回 410 Gone 或连续 5 天失败的目标会被停用。可以发送测试事件进行检查。投递日志显示每次投递及其尝试记录；失败的投递可以逐条 **重新投递**，也可以一次全部重新投递。**轮换密钥** 会创建新密钥，旧密钥在您选择的重叠期内（默认 24 小时，最长 7 天）继续同时签名。`,
      },
      ar: {
        title: 'إرسال الأحداث الأمنية إلى نظام SIEM',
        body: `يضيف المسؤولون وجهات SIEM من صفحة خطافات SIEM ‏(/app/admin/siem)، بحد أقصى 10 وجهات لكل مؤسسة. لكل وجهة اسم وعنوان https:// وصيغة (Standard Webhooks JSON أو Splunk HTTP Event Collector أو مصفوفة JSON لـ Elastic)، وحد أدنى اختياري للخطورة وفئات أحداث اختيارية، وترويسة Authorization اختيارية. اضغط **إضافة وجهة**: يظهر سرّ التوقيع مرة واحدة فقط، فانسخه حينها.

يُسلَّم كل حدث أمني (تسجيلات الدخول وتغييرات الأدوار والتصدير وغيرها) موقّعًا بسرّك، ويُعاد إرساله لأيام إذا كان المستقبِل متوقفًا؛ وتُعطَّل الوجهة التي ترد بـ 410 Gone أو تفشل طوال 5 أيام. أرسل حدثًا تجريبيًا للتحقق منها. ويعرض سجل التسليم كل عملية تسليم ومحاولاتها، ويمكن إعادة إرسال العمليات الفاشلة واحدة واحدة عبر **إعادة الإرسال** أو كلها دفعة واحدة. ويُنشئ **تدوير السرّ** سرًّا جديدًا بينما يواصل السرّ القديم التوقيع بجانبه طوال فترة تداخل تختارها (24 ساعة افتراضيًا، و7 أيام كحد أقصى).`,
      },
    },
  },
  {
    tags: ['account'],
    texts: {
      en: {
        title: 'Your profile, settings and languages',
        body: `**Profile** (/app/profile) holds your first name, last name and username (**Save changes**). Your sign-in email is shown there too: ask an administrator to change it. To change your password, type the current one and the new one twice and press **Change password**; this signs you out everywhere else. The profile also links to your security timeline.

**Settings** (/app/settings):

- **Language**: English, Español, 中文 or العربية. Muster remembers your choice on this device; Arabic pages read from right to left. The language selector is also in the header of every page, and the help centre and Skipper answer in the language you use.
- **Colour mode**: light, dark, or the same as your device.
- **Automatic session lock**: the minutes without activity after which the screen locks (1 to 1440), or empty to never lock.`,
      },
      es: {
        title: 'Su perfil, la configuración y los idiomas',
        body: `**Perfil** (/app/profile) contiene su nombre, sus apellidos y su nombre de usuario (**Guardar cambios**). También muestra su correo de inicio de sesión: pida a un administrador que lo cambie. Para cambiar la contraseña, escriba la actual y dos veces la nueva y pulse **Cambiar contraseña**; así se cierran todas sus demás sesiones. El perfil enlaza además con su historial de seguridad.

**Configuración** (/app/settings):

- **Idioma**: English, Español, 中文 o العربية. Muster recuerda su elección en este dispositivo; las páginas en árabe se leen de derecha a izquierda. El selector de idioma está también en la cabecera de cada página, y el centro de ayuda y Skipper responden en el idioma que usted use.
- **Modo de color**: claro, oscuro o el mismo que su dispositivo.
- **Bloqueo automático de la sesión**: los minutos sin actividad tras los que se bloquea la pantalla (de 1 a 1440), o vacío para no bloquearla nunca.`,
      },
      zh: {
        title: '个人资料、设置与语言',
        body: `**个人资料**（/app/profile）包含您的名字、姓氏和用户名（**保存更改**）。这里也会显示您的登录邮箱，如需更改请联系管理员。要更改密码，请输入当前密码并输入两次新密码，然后点击 **更改密码**；这会让您在其他所有地方的登录退出。个人资料页面还链接到您的安全时间线。

**设置**（/app/settings）：

- **语言**：English、Español、中文 或 العربية。Muster 会在此设备上记住您的选择；阿拉伯语页面从右向左显示。每个页面的页眉中也有语言选择器，帮助中心和 Skipper 会使用您当前的语言作答。
- **颜色模式**：浅色、深色或跟随设备。
- **会话自动锁定**：无操作多少分钟后锁定屏幕（1 到 1440），留空则从不锁定。`,
      },
      ar: {
        title: 'ملفك الشخصي والإعدادات واللغات',
        body: `يحتوي **الملف الشخصي** (/app/profile) على اسمك الأول واسم العائلة واسم المستخدم (**حفظ التغييرات**). ويظهر فيه بريد تسجيل الدخول أيضًا، واطلب من المسؤول تغييره. لتغيير كلمة المرور اكتب الحالية ثم الجديدة مرتين واضغط **تغيير كلمة المرور**؛ فيُخرجك ذلك من جميع جلساتك الأخرى. ويرتبط الملف الشخصي أيضًا بسجلك الزمني للأمان.

**الإعدادات** (/app/settings):

- **اللغة**: English أو Español أو 中文 أو العربية. يتذكر Muster اختيارك على هذا الجهاز، وتُقرأ الصفحات العربية من اليمين إلى اليسار. ومحدد اللغة موجود أيضًا في رأس كل صفحة، ويجيب مركز المساعدة وSkipper باللغة التي تستخدمها.
- **وضع الألوان**: فاتح أو داكن أو مثل جهازك.
- **القفل التلقائي للجلسة**: عدد دقائق الخمول التي تُقفل الشاشة بعدها (من 1 إلى 1440)، أو اتركه فارغًا كي لا تُقفل أبدًا.`,
      },
    },
  },
];

const LANGUAGES_IN_ORDER: readonly LanguageCode[] = ['en', 'es', 'zh', 'ar'];

/** Every article in every language, the English first. */
export const SEED_ARTICLES: readonly SeedArticle[] = HELP_CENTRE.flatMap((article) =>
  LANGUAGES_IN_ORDER.map((language) => ({ language, tags: [...article.tags], ...article.texts[language] })),
);
