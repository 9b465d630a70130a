import { defineMail } from './template.js';

/** A break-glass admin signed in with a password while SSO is enforced, to the organisation's other ADMINs. */
export const ssoBreakGlassMail = defineMail<{ admin: string; email: string; ip: string; url: string }>()({
  texts: {
    en: {
      subject: 'Break-glass sign-in by {{admin}}',
      body: '{{admin}} ({{email}}) signed in without single sign-on, as a break-glass admin, from {{ip}}. Your organisation enforces SSO: if this was not expected, review it under Admin → Single sign-on: {{url}}',
    },
    es: {
      subject: 'Inicio de sesión de emergencia de {{admin}}',
      body: '{{admin}} ({{email}}) ha iniciado sesión sin inicio de sesión único, como administrador de emergencia, desde {{ip}}. Su organización exige SSO: si no lo esperaba, revíselo en Administración → Inicio de sesión único: {{url}}',
    },
    zh: {
      subject: '{{admin}} 使用了应急登录',
      body: '{{admin}}（{{email}}）作为应急管理员从 {{ip}} 未经单点登录直接登录。您的组织强制使用 SSO：如非预期，请在“管理 → 单点登录”中查看：{{url}}',
    },
    ar: {
      subject: 'تسجيل دخول طارئ من {{admin}}',
      body: 'سجّل {{admin}} ({{email}}) الدخول دون تسجيل الدخول الموحّد، بصفته مسؤول طوارئ، من {{ip}}. تفرض مؤسستك تسجيل الدخول الموحّد: إن لم يكن هذا متوقعًا فراجعه من الإدارة ← تسجيل الدخول الموحّد: {{url}}',
    },
  },
  compose: (t, fill, p) => ({
    subject: fill(t.subject, { admin: p.admin }),
    lines: [fill(t.body, { admin: p.admin, email: p.email, ip: p.ip, url: p.url })],
  }),
});
