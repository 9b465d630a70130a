import { defineMail } from './template.js';

/** A SIEM destination was disabled (the receiver said 410 Gone, or every delivery failed for 5 days), to the organisation's ADMINs. */
export const siemDisabledMail = defineMail<{ name: string; url: string; reason: 'gone' | 'failing' }>()({
  texts: {
    en: {
      subject: 'SIEM destination "{{name}}" was disabled',
      gone: 'Muster stopped sending audit events to the SIEM destination "{{name}}" ({{url}}) because the receiver answered 410 Gone, which means it no longer accepts events.',
      failing:
        'Muster stopped sending audit events to the SIEM destination "{{name}}" ({{url}}) because every delivery to it has failed for 5 days.',
      notLost:
        'Events are not lost: the failed deliveries stay in the delivery log. Once the receiver works again, enable the destination and replay the failed deliveries under Admin → SIEM.',
    },
    es: {
      subject: 'Se ha desactivado el destino SIEM «{{name}}»',
      gone: 'Muster ha dejado de enviar eventos de auditoría al destino SIEM «{{name}}» ({{url}}) porque el receptor respondió 410 Gone, lo que significa que ya no acepta eventos.',
      failing:
        'Muster ha dejado de enviar eventos de auditoría al destino SIEM «{{name}}» ({{url}}) porque todas las entregas a él llevan 5 días fallando.',
      notLost:
        'Los eventos no se pierden: las entregas fallidas permanecen en el registro de entregas. Cuando el receptor vuelva a funcionar, active el destino y reenvíe las entregas fallidas en Administración → SIEM.',
    },
    zh: {
      subject: 'SIEM 目标“{{name}}”已停用',
      gone: 'Muster 已停止向 SIEM 目标“{{name}}”（{{url}}）发送审计事件，因为接收方返回了 410 Gone，表示它不再接受事件。',
      failing: 'Muster 已停止向 SIEM 目标“{{name}}”（{{url}}）发送审计事件，因为向它的所有投递已连续失败 5 天。',
      notLost: '事件不会丢失：失败的投递会保留在投递日志中。接收方恢复正常后，请在“管理 → SIEM”中启用该目标，并重新投递失败的事件。',
    },
    ar: {
      subject: 'تم تعطيل وجهة SIEM «{{name}}»',
      gone: 'أوقف Muster إرسال أحداث التدقيق إلى وجهة SIEM «{{name}}» ({{url}}) لأن المستقبِل ردّ بالرمز 410 Gone، ما يعني أنه لم يعد يقبل الأحداث.',
      failing: 'أوقف Muster إرسال أحداث التدقيق إلى وجهة SIEM «{{name}}» ({{url}}) لأن جميع عمليات التسليم إليها تفشل منذ 5 أيام.',
      notLost:
        'لم تضِع الأحداث: تبقى عمليات التسليم الفاشلة في سجل التسليم. وعندما يعود المستقبِل إلى العمل، فعّل الوجهة وأعد إرسال عمليات التسليم الفاشلة من الإدارة ← SIEM.',
    },
  },
  compose: (t, fill, p) => ({
    subject: fill(t.subject, { name: p.name }),
    lines: [fill(t[p.reason], { name: p.name, url: p.url }), '', t.notLost],
  }),
});
