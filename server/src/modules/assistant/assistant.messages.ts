import type { LanguageCode } from '@muster/contracts';

/** What the assistant says, in each language it answers in. `{title}` is an article's title. */
export interface AssistantTexts {
  /** Before the passages of an article in the asked language. */
  intro: string;
  /** Before the passages of an English article, when none in the asked language answers. */
  introEnglish: string;
  /** After the passages. */
  more: string;
  /** No published article answers the question. */
  unknown: string;
}

export const ASSISTANT_TEXTS: Readonly<Record<LanguageCode, AssistantTexts>> = {
  en: {
    intro: 'Here is what the help centre says in “{title}”:',
    introEnglish: 'Here is what the help centre says in “{title}”:',
    more: 'Open the article below for the whole of it.',
    unknown:
      "I don't know the answer to that, and I would rather not guess. Talk to a person from our support team, or create a ticket and we will get back to you.",
  },
  es: {
    intro: 'Esto es lo que dice el centro de ayuda en «{title}»:',
    introEnglish: 'Solo lo encontré en un artículo en inglés, «{title}»:',
    more: 'Abra el artículo de abajo para leerlo completo.',
    unknown:
      'No sé la respuesta a esa pregunta y prefiero no adivinar. Hable con una persona de nuestro equipo de soporte o cree un ticket y le responderemos.',
  },
  zh: {
    intro: '帮助中心的文章“{title}”是这样说的：',
    introEnglish: '我只在一篇英文文章“{title}”中找到了答案：',
    more: '打开下面的文章可阅读全文。',
    unknown: '这个问题我不知道答案，也不想乱猜。请与我们的支持人员交谈，或创建工单，我们会尽快回复您。',
  },
  ar: {
    intro: 'هذا ما يقوله مركز المساعدة في «{title}»:',
    introEnglish: 'وجدت الإجابة في مقال باللغة الإنجليزية فقط، «{title}»:',
    more: 'افتح المقال أدناه لقراءته كاملاً.',
    unknown: 'لا أعرف إجابة هذا السؤال ولا أريد التخمين. تحدّث إلى أحد أفراد فريق الدعم، أو أنشئ تذكرة وسنرد عليك.',
  },
};

export const fill = (text: string, title: string): string => text.replace('{title}', title);
