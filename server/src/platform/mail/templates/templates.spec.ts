import { readFileSync } from 'node:fs';
import { CONTACT_SUBJECTS, DEFAULT_CADENCE_KEYS, LANGUAGE_CODES, MEMBER_ROLES, type LanguageCode } from '@muster/contracts';
import {
  catalogueProblems,
  contactConfirmationMail,
  defineMail,
  drillCadenceMail,
  MAIL_TEMPLATES,
  placeholdersOf,
  renderMail,
  type MailKind,
  type MailParams,
} from './index.js';

/** Parameters of every kind, one sample per case its `compose` tells apart. */
const SAMPLES: { [K in MailKind]: MailParams<(typeof MAIL_TEMPLATES)[K]>[] } = {
  'auth.registerExisting': [{ organizationName: 'Second Org', email: 'ana@example.com' }],
  'auth.welcome': [{ organizationName: 'Harbor Point', loginUrl: 'https://muster.example/login', email: 'ana@example.com' }],
  'auth.signInCode': [{ code: '123456', expiry: { minutes: 10 } }],
  'auth.resetLink': [{ resetUrl: 'https://muster.example/reset-password?token=abc', expiry: { minutes: 30 } }],
  'auth.passwordChanged': [{}],
  'auditor.invite': [
    {
      organizationName: 'Harbor Point',
      auditorName: 'Iris Vogel',
      until: { moment: new Date('2026-12-31T15:00:00Z') },
      from: '2026-01-01',
      to: '2026-06-30',
    },
  ],
  'auditor.signInCode': [{ code: '654321', expiry: { minutes: 10 } }],
  'chat.offline': [
    { name: 'Uma Patel', ticketNumber: 1042 },
    { name: null, ticketNumber: 1043 },
  ],
  'chat.transcript': [
    {
      name: 'Uma Patel',
      day: '2026-11-23',
      lines: [
        { time: '09:58', sender: 'Uma Patel', body: 'Can I send you a screenshot?', attachment: null },
        { time: '09:59', sender: 'Uma Patel', body: '', attachment: 'screen.png' },
        { time: '10:00', sender: null, body: 'Chat closed', attachment: null },
      ],
    },
    { name: null, day: '2026-11-23', lines: [] },
  ],
  'contact.confirmation': CONTACT_SUBJECTS.map((topic) => ({ topic, reference: '7d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a' })),
  'contact.notice': [
    {
      topic: 'demo',
      name: 'Amara Quayside',
      email: 'amara@example.com',
      company: 'Quayside Ltd',
      language: 'es',
      reference: 'r-1',
      message: 'Hello',
    },
    { topic: 'other', name: 'Amara', email: 'amara@example.com', company: null, language: 'en', reference: 'r-2', message: 'Hi' },
  ],
  'ticket.reply': [
    { name: 'Uma Patel', number: 7, ticketSubject: 'Lost observations', author: 'Sam Ops', body: 'Both are restored.' },
    { name: null, number: 8, ticketSubject: null, author: 'Sam Ops', body: 'Thanks for writing.' },
  ],
  'ticket.status': [{ name: 'Uma Patel', number: 7, ticketSubject: 'Lost observations', from: 'open', to: 'resolved' }],
  'sso.breakGlass': [
    { admin: 'Dana Okafor', email: 'dana@harborpoint.example', ip: '203.0.113.9', url: 'https://muster.example/app/admin/saml' },
  ],
  'siem.disabled': [
    { name: 'Splunk production', url: 'https://siem.example/hec', reason: 'gone' },
    { name: 'Old Splunk', url: 'https://old.example/hec', reason: 'failing' },
  ],
  'drill.reminder': [
    {
      name: 'Uma Patel',
      title: 'Quay evacuation',
      leadTime: { minutes: 1440 },
      when: { moment: new Date('2026-11-23T10:00:00Z') },
      location: 'Berth 4',
      lead: 'Amelia Hart',
      url: 'https://muster.example/app/drills/console/1',
    },
  ],
  'drill.cadence': (['drill', 'exercise'] as const).flatMap((kind) => [
    {
      name: 'Ana',
      cadence: { name: 'Monthly tabletop exercise', key: null },
      kind,
      state: 'overdue' as const,
      dueDate: '2026-04-15',
      url: 'u',
    },
    { name: 'Ana', cadence: { name: 'x', key: 'isps_drill' as const }, kind, state: 'due_soon' as const, dueDate: '2026-04-15', url: 'u' },
    { name: 'Ana', cadence: { name: 'x', key: 'isps_exercise' as const }, kind, state: 'overdue' as const, dueDate: null, url: 'u' },
  ]),
  'compliance.rule': [
    { name: 'Ana', profile: 'ISPS port facility', source: 'ISPS Code B/18.5', state: 'failing', dueDate: '2026-04-15', url: 'u' },
    { name: 'Ana', profile: 'ISPS port facility', source: 'ISPS Code B/18.5', state: 'failing', dueDate: null, url: 'u' },
    { name: 'Ana', profile: 'ISPS port facility', source: 'ISPS Code B/18.6', state: 'due_soon', dueDate: '2026-04-15', url: 'u' },
  ],
  'compliance.documentReview': (['review', 'expiry'] as const).flatMap((kind) => [
    { name: 'Ana', title: 'Port facility security plan', kind, date: '2026-04-15', overdue: false, url: 'u' },
    { name: 'Ana', title: 'Port facility security plan', kind, date: '2026-04-15', overdue: true, url: 'u' },
  ]),
  'member.invite': MEMBER_ROLES.map((role) => ({
    organizationName: 'Harbor Point',
    inviterName: 'Amelia Hart',
    role,
    acceptUrl: 'https://muster.example/invite/abc',
    validFor: { minutes: 7 * 24 * 60 },
    until: { moment: new Date('2026-04-22T10:00:00Z') },
  })),
  'recovery.delegateInvite': [
    { adminName: 'Amelia Hart', organizationName: 'Harbor Point', acceptUrl: 'https://muster.example/recovery?accept=t' },
  ],
  'recovery.approval': [
    {
      requesterName: 'Uma Patel',
      requesterEmail: 'uma@example.com',
      decideUrl: 'https://muster.example/recovery?decide=t',
      expiry: { minutes: 10_080 },
    },
  ],
  'recovery.coolingOff': [{ readyAt: { moment: new Date('2026-12-01T10:00:00Z') }, cancelUrl: 'https://muster.example/recovery?cancel=t' }],
  'recovery.reset': [{ resetUrl: 'https://muster.example/recovery?reset=t', expiry: { minutes: 10_080 } }],
  'restore.confirm': [
    { organizationName: 'Harbor Point', confirmUrl: 'https://muster.example/restore?confirm=t', expiry: { minutes: 1440 } },
  ],
  'restore.decided': [
    { organizationName: 'Harbor Point', approved: true, loginUrl: 'https://muster.example/login' },
    { organizationName: 'Harbor Point', approved: false, loginUrl: 'https://muster.example/login' },
  ],
  'sop.review': [
    {
      name: 'Marcus Lee',
      title: 'Fire response',
      version: 2,
      state: 'due_soon',
      dueDate: '2027-10-28',
      url: 'https://muster.example/app/compliance/sops',
    },
    {
      name: 'Marcus Lee',
      title: 'Fire response',
      version: 2,
      state: 'overdue',
      dueDate: '2027-10-28',
      url: 'https://muster.example/app/compliance/sops',
    },
  ],
  'evidence.request': (['created', 'accepted', 'flagged'] as const).map((event) => ({
    name: 'Dana Reyes',
    auditor: 'Iris Vogel (Seaward Audit LLP)',
    text: 'The muster list of the March evacuation drill',
    rule: event === 'accepted' ? '' : 'ISPS Code A/16.3',
    dueDate: '2026-12-15',
    event,
    comment: event === 'flagged' ? 'The list is not signed' : '',
    url: 'https://muster.example/app/admin/evidence-vault?tab=requests&request=1',
  })),
  'evidence.requestAnswered': [
    {
      auditorName: 'Iris Vogel',
      organizationName: 'Harbor Point',
      text: 'The muster list of the March evacuation drill',
      count: 2,
      note: 'Both lists are attached.',
      url: 'https://muster.example/auditor/dashboard',
    },
    { auditorName: 'Iris Vogel', organizationName: 'Harbor Point', text: 'Signed list', count: 1, note: '', url: 'u' },
  ],
};

const KINDS = Object.keys(MAIL_TEMPLATES) as MailKind[];

function render<K extends MailKind>(kind: K, params: MailParams<(typeof MAIL_TEMPLATES)[K]>, language: LanguageCode, timeZone = 'UTC') {
  return renderMail(MAIL_TEMPLATES[kind] as Parameters<typeof renderMail>[0], params, { language, timeZone });
}

describe('mail templates', () => {
  it('has every kind in every language, with English’s keys and, text by text, its placeholders', () => {
    expect(catalogueProblems(MAIL_TEMPLATES)).toEqual([]);
  });

  it('catches a missing language, a missing text and a placeholder of another name', () => {
    const broken = {
      'test.broken': {
        texts: {
          en: { subject: 'Hello {{name}}', body: 'Body' },
          es: { subject: 'Hola {{nombre}}', body: 'Cuerpo' },
          zh: { subject: '你好 {{name}}' },
        },
      },
    };
    expect(catalogueProblems(broken)).toEqual([
      'test.broken.subject: es has placeholders {nombre}, English {name}',
      'test.broken.body: no zh text',
      'test.broken: no ar texts',
    ]);
  });

  it.each(KINDS)('writes %s in every language with every placeholder filled', (kind) => {
    for (const params of SAMPLES[kind]) {
      for (const language of LANGUAGE_CODES) {
        const mail = render(kind, params, language, 'Asia/Tokyo');
        expect(mail.subject).not.toMatch(/\{\{|\}\}/);
        expect(mail.text).not.toMatch(/\{\{|\}\}/);
        expect(mail.subject.trim()).not.toBe('');
        expect(mail.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
        if (language !== 'en')
          expect({ kind, language, text: mail.text }).not.toEqual({ kind, language, text: render(kind, params, 'en').text });
      }
    }
  });

  it('says in English exactly what the emails said before templates', () => {
    expect(render('auth.signInCode', SAMPLES['auth.signInCode'][0]!, 'en')).toMatchObject({
      subject: 'Your Muster sign-in code',
      text: 'Your Muster sign-in code is 123456.\n\nIt expires in 10 minutes and works only in the browser where you asked for it. If you did not ask for it, ignore this email.',
    });
    expect(render('drill.reminder', SAMPLES['drill.reminder'][0]!, 'en')).toMatchObject({
      subject: 'Reminder: "Quay evacuation" starts in 1 day',
      text: [
        'Hello Uma Patel,',
        '',
        'This is a reminder of a drill you are part of.',
        '',
        'Drill: Quay evacuation',
        'When: Mon, 23 Nov 2026 10:00:00 UTC',
        'Where: Berth 4',
        'Lead: Amelia Hart',
        '',
        'Open the drill: https://muster.example/app/drills/console/1',
        '',
        '— Muster',
      ].join('\n'),
    });
    expect(render('ticket.status', SAMPLES['ticket.status'][0]!, 'en')).toMatchObject({
      subject: 'Your ticket #7 is now resolved — Muster',
      text: 'Hello Uma Patel,\n\nThe status of your ticket "Lost observations" changed from open to resolved.\n\nTicket #7: Lost observations\n\n— Muster support',
    });
    expect(render('drill.cadence', SAMPLES['drill.cadence'][3]!, 'en')).toMatchObject({
      subject: 'Overdue: Monthly tabletop exercise',
      text: 'Hello Ana,\n\nMonthly tabletop exercise: the next exercise is overdue since 2026-04-15.\n\nPlan one: u\n\n— Muster',
    });
    const transcript = render('chat.transcript', SAMPLES['chat.transcript'][0]!, 'en').text;
    expect(transcript).toContain(
      '[09:58] Uma Patel: Can I send you a screenshot?\n[09:59] Uma Patel: [attachment: screen.png]\n[10:00] — Chat closed',
    );
  });

  it('writes moments in the organisation’s zone and the reader’s language', () => {
    const reminder = SAMPLES['drill.reminder'][0]!;
    expect(render('drill.reminder', reminder, 'en', 'Asia/Tokyo').text).toContain('When: Mon, 23 Nov 2026 19:00:00 GMT+9');
    expect(render('drill.reminder', reminder, 'es', 'America/New_York')).toMatchObject({
      subject: 'Recordatorio: «Quay evacuation» empieza dentro de 1 día',
      text: expect.stringContaining('Cuándo: 23 nov 2026, 5:00 GMT-5'),
    });
    expect(render('auditor.invite', SAMPLES['auditor.invite'][0]!, 'zh', 'Asia/Tokyo').text).toContain('2027');
  });

  it('keeps what people typed in its own direction inside Arabic, but leaves addresses bare', () => {
    const mail = render('auth.welcome', SAMPLES['auth.welcome'][0]!, 'ar');
    expect(mail.text).toContain('«\u2068Harbor Point\u2069»');
    expect(mail.text).toContain('https://muster.example/login ');
    expect(mail.text).toContain(' ana@example.com.');
    expect(mail.html).toContain('<body dir="rtl"');
  });

  it('escapes the HTML part: what people typed is never markup', () => {
    const mail = render('ticket.reply', { ...SAMPLES['ticket.reply'][0]!, body: '<script>alert(1)</script> & "quotes"' }, 'en');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<p>Hello Uma Patel,</p>');
  });

  it('refuses to send a text whose placeholder has no value', () => {
    const odd = defineMail<{ name: string }>()({
      texts: {
        en: { subject: 'Hi {{name}}' },
        es: { subject: 'Hola {{name}}' },
        zh: { subject: '你好{{name}}' },
        ar: { subject: 'مرحبًا {{name}}' },
      },
      // A value of another name slips past the compiler only through a cast.
      compose: (t, fill) => ({ subject: fill(t.subject, {} as { name: string }), lines: [] }),
    });
    expect(() => renderMail(odd, { name: 'x' }, { language: 'en' })).toThrow('needs a value for {{name}}');
  });
});

describe('mail texts shared with the web app', () => {
  const LOCALES = new URL('../../../../../web/public/locales/', import.meta.url);
  type Tree = { [key: string]: string | Tree };
  const file = (lng: string, ns: string) => JSON.parse(readFileSync(new URL(`${lng}/${ns}.json`, LOCALES), 'utf8')) as Tree;

  it.each(LANGUAGE_CODES)('names default cadences and contact subjects as the web does (%s)', (language) => {
    const cadences = drillCadenceMail.texts[language] as Record<string, string>;
    const web = file(language, 'drillReminders').defaultCadences as Record<string, string>;
    for (const key of DEFAULT_CADENCE_KEYS) expect([key, cadences[`cadence_${key}`]]).toEqual([key, web[key]]);
    const topics = contactConfirmationMail.texts[language] as Record<string, string>;
    const subjects = file(language, 'contact').subjects as Record<string, string>;
    for (const subject of CONTACT_SUBJECTS) expect([subject, topics[`topic_${subject}`]]).toEqual([subject, subjects[subject]]);
  });

  it('uses placeholders only of the form {{name}}', () => {
    for (const template of Object.values(MAIL_TEMPLATES)) {
      for (const texts of Object.values(template.texts) as Record<string, string>[]) {
        for (const text of Object.values(texts)) {
          expect(text.replace(/\{\{\w+\}\}/g, '')).not.toMatch(/\{|\}/);
          expect(placeholdersOf(text).every((name) => /^\w+$/.test(name))).toBe(true);
        }
      }
    }
  });
});
