import type { DrillRegulation, FacilityType } from '@muster/contracts';
import type { KitPhase, RoleKey } from './kits.js';

/** The facility in words, for narratives ("{facility}"). */
export const FACILITY_WORDS: Record<FacilityType, string> = {
  port_facility: 'the port facility',
  ship: 'the ship',
  offshore_terminal: 'the offshore terminal',
  enterprise_site: 'the site',
};

/** What each facility type calls the generic roles of the scenario kits. */
export const ROLE_NAMES: Record<FacilityType, Record<RoleKey, { name: string; description: string }>> = {
  port_facility: {
    commander: { name: 'Incident commander', description: 'Leads the response from the control point; decides and records.' },
    security: {
      name: 'Port Facility Security Officer (PFSO)',
      description: 'Owns the port facility security plan and the security measures.',
    },
    comms: { name: 'Control room operator', description: 'Takes calls, keeps the log and talks to outside agencies.' },
    muster: { name: 'Muster warden', description: 'Sweeps a zone and accounts for people at the assembly point.' },
    medical: { name: 'First aider', description: 'Gives first aid until the ambulance arrives.' },
    access: { name: 'Gate supervisor', description: 'Controls who and what enters and leaves.' },
    it: { name: 'IT security lead', description: 'Assesses, contains and recovers the affected systems.' },
    environment: { name: 'Environmental response lead', description: 'Contains pollution and calls the contractors.' },
    operations: { name: 'Terminal operations supervisor', description: 'Stops and restarts cargo operations safely.' },
  },
  ship: {
    commander: { name: 'Master', description: 'Has overall command on board and takes the decisions.' },
    security: { name: 'Ship Security Officer (SSO)', description: 'Owns the ship security plan and its measures.' },
    comms: { name: 'Officer of the watch / radio', description: 'Keeps communications and the log on the bridge.' },
    muster: { name: 'Muster station leader', description: 'Checks the muster list and reports missing persons.' },
    medical: { name: 'Medical officer', description: 'Gives first aid and medical care on board.' },
    access: { name: 'Gangway watch', description: 'Controls access to the ship.' },
    it: { name: 'Electro-technical officer', description: 'Looks after the ship’s systems and networks.' },
    environment: { name: 'Chief engineer (SOPEP)', description: 'Leads the shipboard oil pollution response.' },
    operations: { name: 'Chief officer', description: 'Leads the response teams and cargo operations.' },
  },
  offshore_terminal: {
    commander: { name: 'Offshore Installation Manager (OIM)', description: 'Commands the installation in an emergency.' },
    security: { name: 'Terminal Security Officer', description: 'Owns the terminal security plan and its measures.' },
    comms: { name: 'Radio operator', description: 'Keeps communications with the shore, vessels and helicopters.' },
    muster: { name: 'Muster coordinator', description: 'Runs the muster stations and the personnel on board count.' },
    medical: { name: 'Medic', description: 'Gives first aid and medical care on the installation.' },
    access: { name: 'Helideck and landing officer', description: 'Controls who arrives and leaves by air and by sea.' },
    it: { name: 'Control systems engineer', description: 'Looks after process control and IT systems.' },
    environment: { name: 'Spill response lead', description: 'Leads the oil spill response.' },
    operations: { name: 'Production supervisor', description: 'Shuts down and restarts production safely.' },
  },
  enterprise_site: {
    commander: { name: 'Site emergency manager', description: 'Leads the response and decides for the site.' },
    security: { name: 'Site security manager', description: 'Owns the security plan and the guards.' },
    comms: { name: 'Communications lead', description: 'Keeps the log and speaks to staff and outside agencies.' },
    muster: { name: 'Fire warden', description: 'Sweeps a floor or zone and accounts for people.' },
    medical: { name: 'First aider', description: 'Gives first aid until the ambulance arrives.' },
    access: { name: 'Reception and access lead', description: 'Controls entrances and the visitors log.' },
    it: { name: 'IT security lead', description: 'Assesses, contains and recovers the affected systems.' },
    environment: { name: 'Facilities lead', description: 'Contains leaks and spills and calls the contractors.' },
    operations: { name: 'Operations lead', description: 'Keeps critical activities running or stops them safely.' },
  },
};

/** The step a regulation adds to any scenario, so the record shows what it requires. */
export const REGULATION_PHASES: Record<DrillRegulation, KitPhase> = {
  isps_b18_5: {
    id: 'isps-record',
    title: 'Record the drill in the security records',
    instructions:
      'Record the date, the scenario, who took part and the lessons in the security records, as ISPS Code A/10.1 and B/18.5 require.',
    role: 'security',
    weight: 0.05,
    checklist: ['Drill recorded in the security records', 'Lessons noted for the security plan review'],
  },
  isps_b18_6: {
    id: 'isps-exercise-review',
    title: 'Review the exercise with the security officers',
    instructions:
      'Review how communication, coordination, resources and the response worked with the security officers taking part (ISPS Code B/18.6), and record it.',
    role: 'security',
    weight: 0.06,
    checklist: ['Communication and coordination reviewed', 'Exercise recorded'],
  },
  solas_muster: {
    id: 'muster-list',
    title: 'Check the muster list and the equipment',
    instructions:
      'Check every person against the muster list, and that lifejackets and survival equipment are worn and in order (SOLAS III/19).',
    role: 'muster',
    weight: 0.06,
    checklist: ['Muster list checked', 'Lifejackets worn correctly'],
  },
  iso_22301: {
    id: 'bc-review',
    title: 'Review against the business continuity plan',
    instructions:
      'Compare what happened with the business continuity plan and its recovery time objectives (ISO 22301, 8.5), and note the gaps.',
    role: 'commander',
    weight: 0.06,
    checklist: ['Recovery time objectives compared', 'Plan gaps noted'],
  },
  marpol_sopep: {
    id: 'sopep-check',
    title: 'Check the shipboard oil pollution emergency plan',
    instructions: 'Follow the SOPEP reporting and response steps (MARPOL Annex I, regulation 37) and check the SOPEP kit is complete.',
    role: 'environment',
    weight: 0.06,
    checklist: ['SOPEP reporting steps followed', 'SOPEP kit complete'],
  },
  ism_emergency: {
    id: 'dpa-report',
    title: 'Inform the designated person ashore',
    instructions: 'Inform the designated person ashore and follow the company’s emergency response procedures (ISM Code, section 8).',
    role: 'commander',
    weight: 0.05,
    checklist: ['Designated person informed', 'Company procedures followed'],
  },
};
