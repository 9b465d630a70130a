import type { ContactSubject, TicketStatus } from '@muster/contracts';
import { defineMail } from './template.js';

/** `name` is the member's name; null for a visitor, whose typed name is never mailed back. */
interface Greeted {
  name: string | null;
}

/** Nobody was online to chat: the message became a ticket. */
export const chatOfflineMail = defineMail<Greeted & { ticketNumber: number }>()({
  texts: {
    en: {
      subject: 'We received your message — Muster',
      greeting: 'Hello {{name}},',
      greetingVisitor: 'Hello,',
      ticketed:
        'No one from our support team was online to chat, so your message has become a ticket.\nWe will answer you by email as soon as we can.',
      ticket: 'Ticket #{{number}}',
      signature: '— Muster support',
    },
    es: {
      subject: 'Hemos recibido su mensaje — Muster',
      greeting: 'Hola, {{name}}:',
      greetingVisitor: 'Hola:',
      ticketed:
        'No había nadie de nuestro equipo de soporte disponible para chatear, así que su mensaje se ha convertido en un ticket.\nLe responderemos por correo electrónico lo antes posible.',
      ticket: 'Ticket n.º {{number}}',
      signature: '— Soporte de Muster',
    },
    zh: {
      subject: '我们已收到您的消息 — Muster',
      greeting: '{{name}}，您好：',
      greetingVisitor: '您好：',
      ticketed: '我们的支持团队目前无人在线聊天，因此您的消息已转为工单。\n我们会尽快通过电子邮件答复您。',
      ticket: '工单 #{{number}}',
      signature: '— Muster 支持团队',
    },
    ar: {
      subject: 'تلقّينا رسالتك — Muster',
      greeting: 'مرحبًا {{name}}،',
      greetingVisitor: 'مرحبًا،',
      ticketed: 'لم يكن أحد من فريق الدعم متاحًا للمحادثة، لذا تحوّلت رسالتك إلى تذكرة.\nسنرد عليك بالبريد الإلكتروني في أقرب وقت ممكن.',
      ticket: 'التذكرة رقم {{number}}',
      signature: '— فريق دعم Muster',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [
      p.name ? fill(t.greeting, { name: p.name }) : t.greetingVisitor,
      '',
      t.ticketed,
      '',
      fill(t.ticket, { number: p.ticketNumber }),
      '',
      t.signature,
    ],
  }),
});

/** One line of a chat transcript: a message (with its sender) or an event of the chat (none). */
export interface TranscriptLine {
  /** `HH:MM` in the organisation's zone. */
  time: string;
  sender: string | null;
  body: string;
  /** The name of a file sent with the message. */
  attachment: string | null;
}

/** A chat's transcript, sent at the customer's request. `day` is `YYYY-MM-DD` in the organisation's zone. */
export const chatTranscriptMail = defineMail<Greeted & { day: string; lines: TranscriptLine[] }>()({
  texts: {
    en: {
      subject: 'Your chat with Muster support',
      greeting: 'Hello {{name}},',
      greetingVisitor: 'Hello,',
      intro: 'Here is the transcript of your chat of {{day}}.',
      message: '[{{time}}] {{sender}}: {{body}}',
      event: '[{{time}}] — {{body}}',
      attachment: '[attachment: {{file}}]',
      signature: '— Muster support',
    },
    es: {
      subject: 'Su chat con el soporte de Muster',
      greeting: 'Hola, {{name}}:',
      greetingVisitor: 'Hola:',
      intro: 'Esta es la transcripción de su chat del {{day}}.',
      message: '[{{time}}] {{sender}}: {{body}}',
      event: '[{{time}}] — {{body}}',
      attachment: '[archivo adjunto: {{file}}]',
      signature: '— Soporte de Muster',
    },
    zh: {
      subject: '您与 Muster 支持团队的聊天',
      greeting: '{{name}}，您好：',
      greetingVisitor: '您好：',
      intro: '以下是您在 {{day}} 的聊天记录。',
      message: '[{{time}}] {{sender}}：{{body}}',
      event: '[{{time}}] — {{body}}',
      attachment: '[附件：{{file}}]',
      signature: '— Muster 支持团队',
    },
    ar: {
      subject: 'محادثتك مع فريق دعم Muster',
      greeting: 'مرحبًا {{name}}،',
      greetingVisitor: 'مرحبًا،',
      intro: 'إليك نص محادثتك بتاريخ {{day}}.',
      message: '[{{time}}] {{sender}}: {{body}}',
      event: '[{{time}}] — {{body}}',
      attachment: '[مرفق: {{file}}]',
      signature: '— فريق دعم Muster',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [
      p.name ? fill(t.greeting, { name: p.name }) : t.greetingVisitor,
      '',
      fill(t.intro, { day: p.day }),
      '',
      ...p.lines.map((line) => {
        const file = line.attachment === null ? '' : fill(t.attachment, { file: line.attachment });
        const body = [line.body, file].filter(Boolean).join(' ');
        return line.sender === null
          ? fill(t.event, { time: line.time, body })
          : fill(t.message, { time: line.time, sender: line.sender, body });
      }),
      '',
      t.signature,
    ],
  }),
});

/** The contact form's confirmation: the subject chosen and a reference, none of the sender's words. */
export const contactConfirmationMail = defineMail<{ topic: ContactSubject; reference: string }>()({
  texts: {
    en: {
      subject: 'We received your message — Muster',
      greeting: 'Hello,',
      thanks: "Thank you for contacting us. We'll get back to you within 24 hours.",
      topic: 'Subject: {{topic}}',
      reference: 'Reference: {{reference}}',
      notYou: 'If you did not write to us, you can ignore this email.',
      signature: '— The Muster team',
      topic_demo: 'Request a demo',
      topic_pricing: 'Pricing',
      topic_technical_support: 'Technical support',
      topic_enterprise_inquiry: 'Enterprise inquiry',
      topic_general_support: 'General support',
      topic_other: 'Other',
    },
    es: {
      subject: 'Hemos recibido su mensaje — Muster',
      greeting: 'Hola:',
      thanks: 'Gracias por ponerse en contacto con nosotros. Le responderemos en un plazo de 24 horas.',
      topic: 'Asunto: {{topic}}',
      reference: 'Referencia: {{reference}}',
      notYou: 'Si no nos ha escrito, puede ignorar este correo.',
      signature: '— El equipo de Muster',
      topic_demo: 'Solicitar una demostración',
      topic_pricing: 'Precios',
      topic_technical_support: 'Soporte técnico',
      topic_enterprise_inquiry: 'Consulta empresarial',
      topic_general_support: 'Soporte general',
      topic_other: 'Otro',
    },
    zh: {
      subject: '我们已收到您的消息 — Muster',
      greeting: '您好：',
      thanks: '感谢您与我们联系。我们将在 24 小时内回复您。',
      topic: '主题：{{topic}}',
      reference: '参考编号：{{reference}}',
      notYou: '如果您没有给我们写信，可以忽略此邮件。',
      signature: '— Muster 团队',
      topic_demo: '预约演示',
      topic_pricing: '价格咨询',
      topic_technical_support: '技术支持',
      topic_enterprise_inquiry: '企业版咨询',
      topic_general_support: '一般支持',
      topic_other: '其他',
    },
    ar: {
      subject: 'تلقّينا رسالتك — Muster',
      greeting: 'مرحبًا،',
      thanks: 'شكرًا لتواصلك معنا. سنردّ عليك خلال 24 ساعة.',
      topic: 'الموضوع: {{topic}}',
      reference: 'المرجع: {{reference}}',
      notYou: 'إن لم تكن قد راسلتنا، فيمكنك تجاهل هذه الرسالة.',
      signature: '— فريق Muster',
      topic_demo: 'طلب عرض توضيحي',
      topic_pricing: 'الأسعار',
      topic_technical_support: 'الدعم الفني',
      topic_enterprise_inquiry: 'استفسار خاص بالمؤسسات',
      topic_general_support: 'الدعم العام',
      topic_other: 'موضوع آخر',
    },
  },
  compose: (t, fill, p) => ({
    subject: t.subject,
    lines: [
      t.greeting,
      '',
      t.thanks,
      '',
      fill(t.topic, { topic: t[`topic_${p.topic}`] }),
      fill(t.reference, { reference: p.reference }),
      '',
      t.notYou,
      '',
      t.signature,
    ],
  }),
});

/** A contact message, to the support address, with the whole message. */
export const contactNoticeMail = defineMail<{
  topic: ContactSubject;
  name: string;
  email: string;
  company: string | null;
  language: string;
  reference: string;
  message: string;
}>()({
  texts: {
    en: {
      subject: 'New contact message: {{topic}} — {{name}}',
      from: 'From: {{name}} <{{email}}>',
      company: 'Company: {{company}}',
      noCompany: 'Company: —',
      topic: 'Subject: {{topic}}',
      language: 'Language: {{language}}',
      reference: 'Reference: {{reference}}',
      topic_demo: 'Request a demo',
      topic_pricing: 'Pricing',
      topic_technical_support: 'Technical support',
      topic_enterprise_inquiry: 'Enterprise inquiry',
      topic_general_support: 'General support',
      topic_other: 'Other',
    },
    es: {
      subject: 'Nuevo mensaje de contacto: {{topic}} — {{name}}',
      from: 'De: {{name}} <{{email}}>',
      company: 'Empresa: {{company}}',
      noCompany: 'Empresa: —',
      topic: 'Asunto: {{topic}}',
      language: 'Idioma: {{language}}',
      reference: 'Referencia: {{reference}}',
      topic_demo: 'Solicitar una demostración',
      topic_pricing: 'Precios',
      topic_technical_support: 'Soporte técnico',
      topic_enterprise_inquiry: 'Consulta empresarial',
      topic_general_support: 'Soporte general',
      topic_other: 'Otro',
    },
    zh: {
      subject: '新的联系留言：{{topic}} — {{name}}',
      from: '发件人：{{name}} <{{email}}>',
      company: '公司：{{company}}',
      noCompany: '公司：—',
      topic: '主题：{{topic}}',
      language: '语言：{{language}}',
      reference: '参考编号：{{reference}}',
      topic_demo: '预约演示',
      topic_pricing: '价格咨询',
      topic_technical_support: '技术支持',
      topic_enterprise_inquiry: '企业版咨询',
      topic_general_support: '一般支持',
      topic_other: '其他',
    },
    ar: {
      subject: 'رسالة تواصل جديدة: {{topic}} — {{name}}',
      from: 'من: {{name}} <{{email}}>',
      company: 'الشركة: {{company}}',
      noCompany: 'الشركة: —',
      topic: 'الموضوع: {{topic}}',
      language: 'اللغة: {{language}}',
      reference: 'المرجع: {{reference}}',
      topic_demo: 'طلب عرض توضيحي',
      topic_pricing: 'الأسعار',
      topic_technical_support: 'الدعم الفني',
      topic_enterprise_inquiry: 'استفسار خاص بالمؤسسات',
      topic_general_support: 'الدعم العام',
      topic_other: 'موضوع آخر',
    },
  },
  compose: (t, fill, p) => {
    const topic = t[`topic_${p.topic}`];
    return {
      subject: fill(t.subject, { topic, name: p.name }),
      lines: [
        fill(t.from, { name: p.name, email: p.email }),
        p.company ? fill(t.company, { company: p.company }) : t.noCompany,
        fill(t.topic, { topic }),
        fill(t.language, { language: p.language }),
        fill(t.reference, { reference: p.reference }),
        '',
        p.message,
      ],
    };
  },
});

/** The ticket a support email is about: members see its subject, visitors (who typed it into a public form) do not. */
interface TicketRef extends Greeted {
  number: number;
  /** The ticket's subject; null for a visitor's ticket. */
  ticketSubject: string | null;
}

const ticketTexts = {
  en: {
    greeting: 'Hello {{name}},',
    greetingVisitor: 'Hello,',
    ticket: 'Ticket #{{number}}: {{subject}}',
    ticketVisitor: 'Ticket #{{number}}',
    signature: '— Muster support',
  },
  es: {
    greeting: 'Hola, {{name}}:',
    greetingVisitor: 'Hola:',
    ticket: 'Ticket n.º {{number}}: {{subject}}',
    ticketVisitor: 'Ticket n.º {{number}}',
    signature: '— Soporte de Muster',
  },
  zh: {
    greeting: '{{name}}，您好：',
    greetingVisitor: '您好：',
    ticket: '工单 #{{number}}：{{subject}}',
    ticketVisitor: '工单 #{{number}}',
    signature: '— Muster 支持团队',
  },
  ar: {
    greeting: 'مرحبًا {{name}}،',
    greetingVisitor: 'مرحبًا،',
    ticket: 'التذكرة رقم {{number}}: {{subject}}',
    ticketVisitor: 'التذكرة رقم {{number}}',
    signature: '— فريق دعم Muster',
  },
} as const;

/** A support operator's public reply, with its words. */
export const ticketReplyMail = defineMail<TicketRef & { author: string; body: string }>()({
  texts: {
    en: {
      ...ticketTexts.en,
      subject: 'New reply on your ticket #{{number}} — Muster',
      replied: '{{author}} of Muster support replied to your ticket:',
    },
    es: {
      ...ticketTexts.es,
      subject: 'Nueva respuesta a su ticket n.º {{number}} — Muster',
      replied: '{{author}}, del soporte de Muster, ha respondido a su ticket:',
    },
    zh: {
      ...ticketTexts.zh,
      subject: '您的工单 #{{number}} 有新回复 — Muster',
      replied: 'Muster 支持团队的 {{author}} 回复了您的工单：',
    },
    ar: {
      ...ticketTexts.ar,
      subject: 'رد جديد على تذكرتك رقم {{number}} — Muster',
      replied: 'ردّ {{author}} من فريق دعم Muster على تذكرتك:',
    },
  },
  compose: (t, fill, p) => ({
    subject: fill(t.subject, { number: p.number }),
    lines: [
      p.name ? fill(t.greeting, { name: p.name }) : t.greetingVisitor,
      '',
      fill(t.replied, { author: p.author }),
      '',
      p.body,
      '',
      p.ticketSubject === null
        ? fill(t.ticketVisitor, { number: p.number })
        : fill(t.ticket, { number: p.number, subject: p.ticketSubject }),
      '',
      t.signature,
    ],
  }),
});

/** A member's ticket changed status. */
export const ticketStatusMail = defineMail<TicketRef & { ticketSubject: string; from: TicketStatus; to: TicketStatus }>()({
  texts: {
    en: {
      ...ticketTexts.en,
      subject: 'Your ticket #{{number}} is now {{status}} — Muster',
      changed: 'The status of your ticket "{{subject}}" changed from {{from}} to {{to}}.',
      status_open: 'open',
      status_pending: 'pending',
      status_resolved: 'resolved',
      status_closed: 'closed',
    },
    es: {
      ...ticketTexts.es,
      subject: 'Su ticket n.º {{number}} ahora está {{status}} — Muster',
      changed: 'El estado de su ticket «{{subject}}» ha cambiado de {{from}} a {{to}}.',
      status_open: 'abierto',
      status_pending: 'pendiente',
      status_resolved: 'resuelto',
      status_closed: 'cerrado',
    },
    zh: {
      ...ticketTexts.zh,
      subject: '您的工单 #{{number}} 现在的状态为“{{status}}” — Muster',
      changed: '您的工单“{{subject}}”的状态已从“{{from}}”变为“{{to}}”。',
      status_open: '待处理',
      status_pending: '等待回复',
      status_resolved: '已解决',
      status_closed: '已关闭',
    },
    ar: {
      ...ticketTexts.ar,
      subject: 'أصبحت حالة تذكرتك رقم {{number}}: {{status}} — Muster',
      changed: 'تغيّرت حالة تذكرتك «{{subject}}» من «{{from}}» إلى «{{to}}».',
      status_open: 'مفتوحة',
      status_pending: 'بانتظار الرد',
      status_resolved: 'تم حلها',
      status_closed: 'مغلقة',
    },
  },
  compose: (t, fill, p) => ({
    subject: fill(t.subject, { number: p.number, status: t[`status_${p.to}`] }),
    lines: [
      p.name ? fill(t.greeting, { name: p.name }) : t.greetingVisitor,
      '',
      fill(t.changed, { subject: p.ticketSubject, from: t[`status_${p.from}`], to: t[`status_${p.to}`] }),
      '',
      fill(t.ticket, { number: p.number, subject: p.ticketSubject }),
      '',
      t.signature,
    ],
  }),
});
