import type { LanguageCode, SopContent, SopTemplateId } from '@muster/contracts';

/** A text of a built-in template in each language. */
type Texts = Record<LanguageCode, string>;

interface TemplateStep {
  id: string;
  text: Texts;
}
interface TemplateSection {
  id: string;
  heading: Texts;
  steps: TemplateStep[];
}
interface SopTemplate {
  id: SopTemplateId;
  title: Texts;
  reviewIntervalMonths: number;
  sections: TemplateSection[];
}

const t = (en: string, es: string, zh: string, ar: string): Texts => ({ en, es, zh, ar });

/** Headings most procedures share. */
const H = {
  raise: t('Raise the alarm', 'Dar la alarma', '发出警报', 'إطلاق الإنذار'),
  respond: t('Respond', 'Responder', '应对', 'الاستجابة'),
  account: t('Account for everyone', 'Contar a todas las personas', '清点所有人员', 'حصر جميع الأفراد'),
  recover: t('Recover and report', 'Recuperar e informar', '恢复与报告', 'التعافي والإبلاغ'),
};

const REPORT = {
  log: t(
    'Record times, decisions and actions in the incident log.',
    'Registrar horas, decisiones y acciones en el registro del incidente.',
    '在事件日志中记录时间、决定和行动。',
    'سجّل الأوقات والقرارات والإجراءات في سجل الحادث.',
  ),
  notify: t(
    'Notify the authorities and the company security officer as the plan requires.',
    'Notificar a las autoridades y al oficial de protección de la compañía según exige el plan.',
    '按计划要求通知主管机关和公司保安员。',
    'أبلغ السلطات وضابط أمن الشركة وفق ما تقتضيه الخطة.',
  ),
  debrief: t(
    'Hold a debrief and record the corrective actions.',
    'Realizar una sesión de análisis y registrar las acciones correctivas.',
    '召开总结会并记录纠正措施。',
    'اعقد جلسة استخلاص للدروس وسجّل الإجراءات التصحيحية.',
  ),
};

/** The built-in SOP templates, one per scenario of the drill library (ids shared with DRILL_SCENARIOS). */
export const SOP_TEMPLATES: Record<SopTemplateId, SopTemplate> = {
  fire: {
    id: 'fire',
    title: t('Fire response', 'Respuesta ante incendios', '火灾应对', 'الاستجابة للحريق'),
    reviewIntervalMonths: 12,
    sections: [
      {
        id: 'raise-alarm',
        heading: H.raise,
        steps: [
          {
            id: 'activate-alarm',
            text: t(
              'Activate the nearest fire alarm point and call the control room.',
              'Activar el pulsador de alarma más cercano y llamar a la sala de control.',
              '启动最近的火警报警点并呼叫控制室。',
              'فعّل أقرب نقطة إنذار حريق واتصل بغرفة التحكم.',
            ),
          },
          {
            id: 'report-location',
            text: t(
              'Report the location, what is burning and whether anyone is hurt.',
              'Informar del lugar, de lo que arde y de si hay heridos.',
              '报告位置、燃烧物以及是否有人受伤。',
              'أبلغ عن الموقع وما الذي يحترق وما إذا كان هناك مصابون.',
            ),
          },
        ],
      },
      {
        id: 'contain',
        heading: t('Contain the fire', 'Contener el incendio', '控制火势', 'احتواء الحريق'),
        steps: [
          {
            id: 'first-attack',
            text: t(
              'Fight a small fire with the nearest extinguisher only if it is safe to do so.',
              'Atacar un fuego pequeño con el extintor más cercano solo si es seguro.',
              '仅在安全的情况下使用最近的灭火器扑灭小火。',
              'كافح الحريق الصغير بأقرب طفاية فقط إذا كان ذلك آمناً.',
            ),
          },
          {
            id: 'isolate',
            text: t(
              'Close doors and isolate fuel and electrical supplies to the area.',
              'Cerrar puertas y aislar el combustible y la electricidad de la zona.',
              '关闭门并切断该区域的燃料和电力供应。',
              'أغلق الأبواب واعزل إمدادات الوقود والكهرباء عن المنطقة.',
            ),
          },
          {
            id: 'meet-brigade',
            text: t(
              'Meet the fire brigade at the agreed access point and brief them.',
              'Recibir a los bomberos en el punto de acceso acordado e informarles.',
              '在约定的入口处迎接消防队并向其通报情况。',
              'استقبل فريق الإطفاء عند نقطة الوصول المتفق عليها وأطلعه على الوضع.',
            ),
          },
        ],
      },
      {
        id: 'muster',
        heading: H.account,
        steps: [
          {
            id: 'evacuate',
            text: t(
              'Evacuate the area by the nearest safe escape route.',
              'Evacuar la zona por la ruta de escape segura más cercana.',
              '沿最近的安全疏散路线撤离该区域。',
              'أخلِ المنطقة عبر أقرب طريق هروب آمن.',
            ),
          },
          {
            id: 'roll-call',
            text: t(
              'Take the roll call at the muster point and report anyone missing.',
              'Pasar lista en el punto de reunión e informar de los desaparecidos.',
              '在集合点点名并报告任何失踪人员。',
              'أجرِ التفقد عند نقطة التجمع وأبلغ عن أي مفقود.',
            ),
          },
        ],
      },
      {
        id: 'report',
        heading: H.recover,
        steps: [
          { id: 'log', text: REPORT.log },
          { id: 'debrief', text: REPORT.debrief },
        ],
      },
    ],
  },
  evacuation: {
    id: 'evacuation',
    title: t('Evacuation and muster', 'Evacuación y reunión', '疏散与集合', 'الإخلاء والتجمع'),
    reviewIntervalMonths: 12,
    sections: [
      {
        id: 'raise-alarm',
        heading: H.raise,
        steps: [
          {
            id: 'sound-signal',
            text: t(
              'Sound the general evacuation signal and announce the reason.',
              'Activar la señal general de evacuación y anunciar el motivo.',
              '发出全面疏散信号并宣布原因。',
              'أطلق إشارة الإخلاء العامة وأعلن السبب.',
            ),
          },
          {
            id: 'wardens',
            text: t(
              'Wardens sweep their areas and close doors behind them.',
              'Los responsables de zona recorren sus áreas y cierran las puertas.',
              '区域负责人巡查各自区域并随手关门。',
              'يمسح المراقبون مناطقهم ويغلقون الأبواب خلفهم.',
            ),
          },
        ],
      },
      {
        id: 'muster',
        heading: H.account,
        steps: [
          {
            id: 'go-to-muster',
            text: t(
              'Everyone goes to the assigned muster point by the marked escape routes.',
              'Todos acuden al punto de reunión asignado por las rutas señalizadas.',
              '所有人沿标示的疏散路线前往指定集合点。',
              'يتوجه الجميع إلى نقطة التجمع المحددة عبر طرق الهروب المعلّمة.',
            ),
          },
          {
            id: 'roll-call',
            text: t(
              'Check names against the personnel list and report the count to the lead.',
              'Comprobar los nombres con la lista de personal e informar del recuento al responsable.',
              '对照人员名单核对姓名并向负责人报告人数。',
              'طابق الأسماء مع قائمة الأفراد وأبلغ القائد بالعدد.',
            ),
          },
          {
            id: 'missing',
            text: t(
              'Give the last known location of anyone missing to the search team.',
              'Dar al equipo de búsqueda la última ubicación conocida de los desaparecidos.',
              '向搜寻队提供失踪人员的最后已知位置。',
              'قدّم لفريق البحث آخر موقع معروف لأي مفقود.',
            ),
          },
        ],
      },
      {
        id: 'report',
        heading: H.recover,
        steps: [
          {
            id: 'all-clear',
            text: t(
              'Give the all-clear only when the lead confirms it is safe.',
              'Dar el fin de la alerta solo cuando el responsable confirme que es seguro.',
              '仅在负责人确认安全后才解除警报。',
              'لا تعلن انتهاء الخطر إلا بعد أن يؤكد القائد أن الوضع آمن.',
            ),
          },
          { id: 'log', text: REPORT.log },
        ],
      },
    ],
  },
  man_overboard: {
    id: 'man_overboard',
    title: t('Person overboard', 'Persona al agua', '人员落水', 'سقوط شخص في الماء'),
    reviewIntervalMonths: 12,
    sections: [
      {
        id: 'raise-alarm',
        heading: H.raise,
        steps: [
          {
            id: 'shout-point',
            text: t(
              'Shout "person overboard", keep pointing at the person and throw a lifebuoy.',
              'Gritar «persona al agua», seguir señalando a la persona y lanzar un aro salvavidas.',
              '大喊“有人落水”，持续指向落水者并抛出救生圈。',
              'اصرخ "شخص في الماء" واستمر في الإشارة إليه وارمِ طوق نجاة.',
            ),
          },
          {
            id: 'mark-position',
            text: t(
              'Mark the position and call the control room or the bridge.',
              'Marcar la posición y llamar a la sala de control o al puente.',
              '标记位置并呼叫控制室或驾驶台。',
              'حدّد الموقع واتصل بغرفة التحكم أو بالجسر.',
            ),
          },
        ],
      },
      {
        id: 'recover',
        heading: t('Recover the person', 'Recuperar a la persona', '救起落水者', 'انتشال الشخص'),
        steps: [
          {
            id: 'rescue-boat',
            text: t(
              'Launch the rescue boat or guide the nearest vessel to the position.',
              'Arriar el bote de rescate o guiar a la embarcación más cercana a la posición.',
              '放下救助艇或引导最近的船只前往该位置。',
              'أنزل قارب الإنقاذ أو وجّه أقرب سفينة إلى الموقع.',
            ),
          },
          {
            id: 'first-aid',
            text: t(
              'Give first aid for cold exposure and call medical help.',
              'Prestar primeros auxilios por exposición al frío y pedir ayuda médica.',
              '对失温进行急救并呼叫医疗援助。',
              'قدّم الإسعافات الأولية للتعرض للبرد واطلب المساعدة الطبية.',
            ),
          },
        ],
      },
      {
        id: 'report',
        heading: H.recover,
        steps: [
          { id: 'log', text: REPORT.log },
          { id: 'notify', text: REPORT.notify },
        ],
      },
    ],
  },
  oil_spill: {
    id: 'oil_spill',
    title: t('Oil spill response', 'Respuesta ante derrames de hidrocarburos', '溢油应对', 'الاستجابة لانسكاب النفط'),
    reviewIntervalMonths: 12,
    sections: [
      {
        id: 'stop-source',
        heading: t('Stop the source', 'Detener la fuente', '切断泄漏源', 'إيقاف المصدر'),
        steps: [
          {
            id: 'stop-transfer',
            text: t(
              'Stop all transfers and close the valves involved.',
              'Detener todas las transferencias y cerrar las válvulas afectadas.',
              '停止所有输送作业并关闭相关阀门。',
              'أوقف جميع عمليات النقل وأغلق الصمامات المعنية.',
            ),
          },
          {
            id: 'no-ignition',
            text: t(
              'Remove ignition sources and keep people upwind.',
              'Eliminar las fuentes de ignición y mantener a las personas a barlovento.',
              '清除火源并让人员处于上风处。',
              'أزل مصادر الاشتعال وأبقِ الأشخاص في اتجاه الريح.',
            ),
          },
        ],
      },
      {
        id: 'contain',
        heading: t('Contain and clean up', 'Contener y limpiar', '围控与清理', 'الاحتواء والتنظيف'),
        steps: [
          {
            id: 'booms',
            text: t(
              'Deploy booms and absorbents from the spill kit around the spill.',
              'Desplegar barreras y absorbentes del kit antiderrames alrededor del vertido.',
              '在溢油周围布设围油栏和溢油应急包中的吸附材料。',
              'انشر الحواجز العائمة والمواد الماصّة من حقيبة الانسكاب حول البقعة.',
            ),
          },
          {
            id: 'waste',
            text: t(
              'Collect the waste in marked containers for disposal.',
              'Recoger los residuos en contenedores marcados para su eliminación.',
              '将废弃物收集到有标记的容器中以待处置。',
              'اجمع النفايات في حاويات معلّمة للتخلص منها.',
            ),
          },
        ],
      },
      {
        id: 'report',
        heading: H.recover,
        steps: [
          { id: 'notify', text: REPORT.notify },
          { id: 'log', text: REPORT.log },
        ],
      },
    ],
  },
  unauthorised_access: {
    id: 'unauthorised_access',
    title: t('Security breach', 'Brecha de seguridad', '安保漏洞', 'خرق أمني'),
    reviewIntervalMonths: 12,
    sections: [
      {
        id: 'detect',
        heading: t('Detect and report', 'Detectar e informar', '发现与报告', 'الكشف والإبلاغ'),
        steps: [
          {
            id: 'report-intruder',
            text: t(
              'Report the intruder’s description, location and direction to the security office.',
              'Informar a la oficina de protección de la descripción, ubicación y dirección del intruso.',
              '向保安办公室报告入侵者的特征、位置和去向。',
              'أبلغ مكتب الأمن بأوصاف المتسلل وموقعه واتجاهه.',
            ),
          },
          {
            id: 'do-not-confront',
            text: t(
              'Do not confront the intruder; keep them in sight from a safe distance.',
              'No enfrentarse al intruso; mantenerlo a la vista a una distancia segura.',
              '不要与入侵者对峙；在安全距离外保持观察。',
              'لا تواجه المتسلل؛ أبقه تحت النظر من مسافة آمنة.',
            ),
          },
        ],
      },
      {
        id: 'secure',
        heading: t('Secure the facility', 'Asegurar la instalación', '保护设施', 'تأمين المنشأة'),
        steps: [
          {
            id: 'raise-level',
            text: t(
              'The PFSO decides whether to raise the security level.',
              'El OPIP decide si se eleva el nivel de protección.',
              '港口设施保安员决定是否提高保安等级。',
              'يقرر ضابط أمن المرفق المينائي ما إذا كان سيرفع مستوى الأمن.',
            ),
          },
          {
            id: 'lock-access',
            text: t(
              'Close access points and check the restricted areas.',
              'Cerrar los accesos y revisar las zonas restringidas.',
              '关闭出入口并检查限制区域。',
              'أغلق نقاط الدخول وافحص المناطق المقيدة.',
            ),
          },
        ],
      },
      {
        id: 'report',
        heading: H.recover,
        steps: [
          { id: 'notify', text: REPORT.notify },
          { id: 'log', text: REPORT.log },
        ],
      },
    ],
  },
  bomb_threat: {
    id: 'bomb_threat',
    title: t('Bomb threat', 'Amenaza de bomba', '炸弹威胁', 'التهديد بقنبلة'),
    reviewIntervalMonths: 12,
    sections: [
      {
        id: 'call',
        heading: t('Take the call', 'Atender la llamada', '接听电话', 'تلقي المكالمة'),
        steps: [
          {
            id: 'keep-talking',
            text: t(
              'Keep the caller talking and fill in the bomb threat checklist.',
              'Mantener al interlocutor hablando y completar la lista de amenaza de bomba.',
              '让来电者持续说话并填写炸弹威胁核查表。',
              'أبقِ المتصل يتحدث واملأ قائمة التحقق الخاصة بالتهديد بقنبلة.',
            ),
          },
          {
            id: 'inform-pfso',
            text: t(
              'Inform the PFSO at once, without using radios near a suspect item.',
              'Informar de inmediato al OPIP, sin usar radios cerca de un objeto sospechoso.',
              '立即通知港口设施保安员，不要在可疑物品附近使用无线电。',
              'أبلغ ضابط أمن المرفق فوراً دون استخدام أجهزة اللاسلكي قرب أي جسم مشبوه.',
            ),
          },
        ],
      },
      {
        id: 'search',
        heading: t('Search and evacuate', 'Registrar y evacuar', '搜查与疏散', 'التفتيش والإخلاء'),
        steps: [
          {
            id: 'search-areas',
            text: t(
              'Staff who know each area search it; nobody touches a suspect item.',
              'El personal que conoce cada zona la registra; nadie toca un objeto sospechoso.',
              '由熟悉各区域的员工进行搜查；任何人不得触碰可疑物品。',
              'يفتش كل منطقة العاملون الذين يعرفونها؛ ولا يلمس أحد أي جسم مشبوه.',
            ),
          },
          {
            id: 'cordon',
            text: t(
              'Cordon off a suspect item and evacuate away from it.',
              'Acordonar el objeto sospechoso y evacuar alejándose de él.',
              '封锁可疑物品并向远离它的方向疏散。',
              'ضع طوقاً حول الجسم المشبوه وأخلِ المكان بعيداً عنه.',
            ),
          },
        ],
      },
      {
        id: 'report',
        heading: H.recover,
        steps: [
          { id: 'notify', text: REPORT.notify },
          { id: 'log', text: REPORT.log },
        ],
      },
    ],
  },
  cyber_incident: {
    id: 'cyber_incident',
    title: t('Cyber incident', 'Incidente cibernético', '网络安全事件', 'حادث سيبراني'),
    reviewIntervalMonths: 12,
    sections: [
      {
        id: 'contain',
        heading: t('Contain', 'Contener', '遏制', 'الاحتواء'),
        steps: [
          {
            id: 'isolate-systems',
            text: t(
              'Disconnect affected systems from the network; do not switch them off.',
              'Desconectar de la red los sistemas afectados; no apagarlos.',
              '将受影响的系统断开网络；不要关机。',
              'افصل الأنظمة المتأثرة عن الشبكة؛ ولا تطفئها.',
            ),
          },
          {
            id: 'manual-ops',
            text: t(
              'Switch critical operations to the manual procedures.',
              'Pasar las operaciones críticas a los procedimientos manuales.',
              '将关键作业切换到人工程序。',
              'حوّل العمليات الحرجة إلى الإجراءات اليدوية.',
            ),
          },
        ],
      },
      {
        id: 'recover',
        heading: t('Recover', 'Recuperar', '恢复', 'التعافي'),
        steps: [
          {
            id: 'evidence',
            text: t(
              'Keep logs and evidence for the investigation.',
              'Conservar los registros y las pruebas para la investigación.',
              '保留日志和证据以供调查。',
              'احتفظ بالسجلات والأدلة للتحقيق.',
            ),
          },
          {
            id: 'restore',
            text: t(
              'Restore from clean backups and change the credentials involved.',
              'Restaurar desde copias de seguridad limpias y cambiar las credenciales afectadas.',
              '从干净的备份中恢复并更改涉及的凭据。',
              'استعد من نسخ احتياطية سليمة وغيّر بيانات الاعتماد المعنية.',
            ),
          },
        ],
      },
      {
        id: 'report',
        heading: H.recover,
        steps: [
          { id: 'notify', text: REPORT.notify },
          { id: 'debrief', text: REPORT.debrief },
        ],
      },
    ],
  },
};

/** A template's content written in one language (the creator's). */
export function templateContent(id: SopTemplateId, language: LanguageCode): SopContent {
  const template = SOP_TEMPLATES[id];
  return {
    title: template.title[language],
    reviewIntervalMonths: template.reviewIntervalMonths,
    sections: template.sections.map((section) => ({
      id: section.id,
      heading: section.heading[language],
      steps: section.steps.map((step) => ({ id: step.id, text: step.text[language] })),
    })),
  };
}

/** What a blank SOP starts with, in its creator's language: one section with one step to write. */
const BLANK = {
  heading: t('First section', 'Primera sección', '第一部分', 'القسم الأول'),
  step: t('Describe the first step.', 'Describa el primer paso.', '描述第一个步骤。', 'صِف الخطوة الأولى.'),
};

export function blankContent(title: string, language: LanguageCode): SopContent {
  return {
    title,
    reviewIntervalMonths: 12,
    sections: [{ id: 'section-1', heading: BLANK.heading[language], steps: [{ id: 'step-1', text: BLANK.step[language] }] }],
  };
}
