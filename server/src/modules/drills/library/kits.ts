import type { DrillRegulation, DrillScenario, DrillType } from '@muster/contracts';

/**
 * The built-in scenario library: for each scenario, the building blocks a drill is composed of.
 * Positions are generic roles (`commander`, `security`, …) that each facility type names in its
 * own words (roles.ts). Phases carry a share of the drill's time; injects a point in it.
 */
export type RoleKey = 'commander' | 'security' | 'comms' | 'muster' | 'medical' | 'access' | 'it' | 'environment' | 'operations';

export interface KitPhase {
  id: string;
  title: string;
  instructions: string;
  role: RoleKey | null;
  /** Share of the drill's time (the shares of a kit need not add up to one). */
  weight: number;
  checklist: string[];
  /** Only for teams of at least this size (smaller teams fold the work into other steps). */
  minTeam?: number;
}

export interface KitInject {
  id: string;
  /** When it is due, as a share of the drill's duration (0 … 1). */
  at: number;
  title: string;
  message: string;
  role: RoleKey | null;
  minTeam?: number;
}

export interface ScenarioKit {
  scenario: DrillScenario;
  /** The library template's name. */
  name: string;
  type: DrillType;
  /** The narrative; `{facility}` is the facility's name in words ("the port facility"). */
  narrative: string;
  objectives: string[];
  roles: RoleKey[];
  phases: KitPhase[];
  injects: KitInject[];
  regulations: DrillRegulation[];
  /** Muster target in minutes for a team of 20; larger teams get more time. */
  musterMinutes: number | null;
  /** Duration of the library template, in minutes. */
  minutes: number;
}

const alarm = (what: string): KitPhase => ({
  id: 'raise-alarm',
  title: `Raise the alarm: ${what}`,
  instructions: 'The first person to notice raises the alarm by the agreed means and reports what, where and when to the control point.',
  role: null,
  weight: 0.08,
  checklist: ['Alarm raised by the agreed means', 'Report received by the control point', 'Time of the alarm logged'],
});

const debrief: KitPhase = {
  id: 'hot-debrief',
  title: 'Stand down and hot debrief',
  instructions:
    'Announce the end of the drill on every channel used. Gather the team for a short debrief: what went well, what did not, and what must change. Record each point as an observation.',
  role: 'commander',
  weight: 0.14,
  checklist: ['End of drill announced on every channel', 'Equipment returned and reset', 'Strengths and areas for improvement recorded'],
};

export const SCENARIO_KITS: Record<Exclude<DrillScenario, 'custom'>, ScenarioKit> & { custom: ScenarioKit } = {
  bomb_threat: {
    scenario: 'bomb_threat',
    name: 'Bomb threat received by telephone',
    type: 'drill',
    narrative:
      'A caller tells the switchboard that a device has been left at {facility} and will go off within the hour. The caller hangs up before giving more detail. Staff must record the call, raise the security level, search methodically and decide whether to evacuate.',
    objectives: [
      'Record a threatening call completely with the bomb threat checklist',
      'Notify the security officer and the authorities without delay',
      'Search the designated areas methodically and report each area clear',
      'Decide on evacuation from the information available, and move people away from any suspicious item',
    ],
    roles: ['commander', 'security', 'comms', 'access', 'muster'],
    phases: [
      {
        id: 'take-call',
        title: 'Take the call with the bomb threat checklist',
        instructions:
          'Keep the caller talking. Write down the exact words, the time, background noises and the voice. Do not hang up the line afterwards: it may be traced.',
        role: 'comms',
        weight: 0.1,
        checklist: ['Exact words written down', 'Time and duration of the call recorded', 'Line kept open after the call'],
      },
      {
        id: 'notify',
        title: 'Notify the security officer and the authorities',
        instructions: 'Inform the security officer at once, who informs the police and the administration as the security plan requires.',
        role: 'security',
        weight: 0.1,
        checklist: ['Security officer informed', 'Police informed', 'Time of each notification logged'],
      },
      {
        id: 'raise-level',
        title: 'Raise the security level and control access',
        instructions: 'Apply the measures of the higher security level: stop non-essential entry, search vehicles and bags at the gates.',
        role: 'access',
        weight: 0.12,
        checklist: ['Non-essential entry stopped', 'Vehicle and bag searches in place', 'Visitors log checked'],
        minTeam: 4,
      },
      {
        id: 'search',
        title: 'Search the designated areas',
        instructions:
          'Search teams work from the outside in, each area in turn, without touching suspicious items. Each team reports its area clear or reports what it found. Radios are not used within 15 m of a suspicious item.',
        role: 'security',
        weight: 0.3,
        checklist: ['Search areas assigned', 'Each area reported clear or not', 'No radio use near a suspicious item'],
      },
      {
        id: 'evacuate',
        title: 'Decide on evacuation and clear the cordon',
        instructions:
          'With the information gathered, decide whether to evacuate and set a cordon of at least 100 m around any suspicious item.',
        role: 'commander',
        weight: 0.16,
        checklist: ['Decision taken and logged with its reasons', 'Cordon set', 'Assembly point away from glass and parked vehicles'],
      },
      debrief,
    ],
    injects: [
      {
        id: 'second-call',
        at: 0.25,
        title: 'Second call',
        message: 'The caller rings again: "It is near the cargo gate. You have 40 minutes."',
        role: 'comms',
      },
      {
        id: 'unattended-bag',
        at: 0.45,
        title: 'Unattended bag found',
        message: 'A search team reports an unattended holdall beside the container stack at row 14.',
        role: 'security',
      },
      {
        id: 'press-enquiry',
        at: 0.7,
        title: 'Press enquiry',
        message: 'A local journalist calls asking whether the facility is being evacuated.',
        role: 'comms',
        minTeam: 6,
      },
    ],
    regulations: ['isps_b18_5'],
    musterMinutes: null,
    minutes: 60,
  },
  unauthorised_access: {
    scenario: 'unauthorised_access',
    name: 'Intruder inside the restricted area',
    type: 'drill',
    narrative:
      'A camera operator at {facility} sees a person without a visible pass climbing the fence into a restricted area. The intruder moves towards the berth. Staff must detect, report, locate, and hand over to the authorities while keeping the area secure.',
    objectives: [
      'Detect and report a breach of the restricted area within two minutes',
      'Locate and contain the intruder without putting staff at risk',
      'Hand over to the police and preserve the evidence',
      'Find and close the gap in the perimeter',
    ],
    roles: ['commander', 'security', 'access', 'comms'],
    phases: [
      alarm('intruder seen inside the fence'),
      {
        id: 'track',
        title: 'Track the intruder on the cameras',
        instructions: 'Keep the intruder in view, call out movements on the security channel and record the footage.',
        role: 'comms',
        weight: 0.15,
        checklist: ['Intruder kept in view', 'Movements called out', 'Footage saved'],
      },
      {
        id: 'lock-down',
        title: 'Lock down the gates of the restricted area',
        instructions: 'Close the gates of the restricted area and stop all movement in and out until the intruder is found.',
        role: 'access',
        weight: 0.15,
        checklist: ['Gates closed', 'Movement in and out stopped', 'Ship informed of the security incident'],
      },
      {
        id: 'contain',
        title: 'Contain the intruder and call the police',
        instructions: 'A patrol of two approaches, keeps a safe distance and keeps the intruder contained until the police arrive.',
        role: 'security',
        weight: 0.28,
        checklist: ['Patrol of at least two', 'Police called', 'Intruder handed over'],
      },
      {
        id: 'perimeter',
        title: 'Find and secure the gap in the perimeter',
        instructions: 'Walk the fence line, find where the intruder got in and post a guard until it is repaired.',
        role: 'access',
        weight: 0.15,
        checklist: ['Point of entry found', 'Guard posted', 'Repair requested'],
        minTeam: 5,
      },
      debrief,
    ],
    injects: [
      {
        id: 'lost-view',
        at: 0.3,
        title: 'Camera loses the intruder',
        message: 'The intruder has gone behind the warehouse; no camera covers the area between warehouse 3 and the quay.',
        role: 'comms',
      },
      {
        id: 'second-person',
        at: 0.55,
        title: 'A second person',
        message: 'A crew member on the gangway reports a second person near the ship’s stern line.',
        role: 'security',
      },
    ],
    regulations: ['isps_b18_5'],
    musterMinutes: null,
    minutes: 45,
  },
  stowaway: {
    scenario: 'stowaway',
    name: 'Stowaway found before departure',
    type: 'drill',
    narrative:
      'During the pre-departure search at {facility}, the crew finds a person hidden in an empty container. The person is frightened and speaks little English. The team must care for the person, search for others, and involve the authorities before departure.',
    objectives: [
      'Search the ship and the cargo areas methodically before departure',
      'Treat a stowaway humanely and with care for their safety',
      'Inform the authorities and the company, and document the case',
    ],
    roles: ['commander', 'security', 'medical', 'comms'],
    phases: [
      {
        id: 'search-plan',
        title: 'Brief the search teams',
        instructions: 'Give each team its areas with the search plan and a way to report; set the time by which the search must end.',
        role: 'security',
        weight: 0.12,
        checklist: ['Areas assigned', 'Reporting channel agreed', 'End time set'],
      },
      {
        id: 'search',
        title: 'Search the spaces and containers',
        instructions:
          'Search every space on the plan, including empty containers, lifeboats and ventilation spaces, and report each one done.',
        role: 'security',
        weight: 0.3,
        checklist: ['Every space searched', 'Empty containers opened', 'Each area reported'],
      },
      {
        id: 'care',
        title: 'Secure and care for the person found',
        instructions:
          'Keep the person in a safe, guarded place; offer water, food and first aid; do not question them beyond what safety needs.',
        role: 'medical',
        weight: 0.18,
        checklist: ['Person in a safe place', 'First aid and water offered', 'Belongings kept apart and listed'],
      },
      {
        id: 'report',
        title: 'Inform the authorities and the company',
        instructions:
          'Inform the port facility security officer, immigration, the agent and the company security officer; record the report times.',
        role: 'comms',
        weight: 0.14,
        checklist: ['Security officers informed', 'Immigration informed', 'Report times logged'],
      },
      debrief,
    ],
    injects: [
      {
        id: 'second-stowaway',
        at: 0.4,
        title: 'Signs of a second person',
        message: 'The person found signals that a friend is hiding "in the next box".',
        role: 'security',
      },
      {
        id: 'unwell',
        at: 0.6,
        title: 'The person feels unwell',
        message: 'The person found complains of chest pain and is short of breath.',
        role: 'medical',
      },
    ],
    regulations: ['isps_b18_5'],
    musterMinutes: null,
    minutes: 60,
  },
  ssas_activation: {
    scenario: 'ssas_activation',
    name: 'Ship security alert system (SSAS) activation',
    type: 'drill',
    narrative:
      'The company security officer receives a ship security alert from a vessel alongside {facility}. Nobody on the ship answers the usual calls. Staff must treat the alert as real, verify it discreetly, and inform the competent authority.',
    objectives: [
      'Treat an SSAS alert as genuine until verified',
      'Verify the alert discreetly, without alerting a possible attacker',
      'Inform the competent authority and coordinate with the port facility',
    ],
    roles: ['commander', 'security', 'comms', 'access'],
    phases: [
      {
        id: 'receive',
        title: 'Receive and log the alert',
        instructions: 'Record the time, the ship, its position and the alert details as received.',
        role: 'comms',
        weight: 0.12,
        checklist: ['Alert time logged', 'Ship and position recorded'],
      },
      {
        id: 'verify',
        title: 'Verify discreetly',
        instructions:
          'Use the agreed discreet verification (code words, a call to the master) without revealing that an alert was received.',
        role: 'security',
        weight: 0.22,
        checklist: ['Agreed verification used', 'Answer recorded word for word'],
      },
      {
        id: 'authority',
        title: 'Inform the competent authority',
        instructions: 'Inform the flag state or the competent authority and the port facility security officer; agree who leads.',
        role: 'commander',
        weight: 0.2,
        checklist: ['Competent authority informed', 'Port facility informed', 'Lead agreed'],
      },
      {
        id: 'secure-berth',
        title: 'Control access to the berth',
        instructions: 'Quietly stop access to the berth and keep watch on the gangway without approaching the ship.',
        role: 'access',
        weight: 0.18,
        checklist: ['Access to the berth stopped', 'Gangway watched from a distance'],
        minTeam: 4,
      },
      debrief,
    ],
    injects: [
      {
        id: 'wrong-answer',
        at: 0.35,
        title: 'The master answers with the wrong phrase',
        message: 'The master answers the verification call normally, but does not use the agreed phrase.',
        role: 'security',
      },
      {
        id: 'second-alert',
        at: 0.65,
        title: 'Second alert',
        message: 'A second SSAS alert arrives from the same ship.',
        role: 'comms',
      },
    ],
    regulations: ['isps_b18_5'],
    musterMinutes: null,
    minutes: 45,
  },
  fire: {
    scenario: 'fire',
    name: 'Fire in a cargo warehouse',
    type: 'drill',
    narrative:
      'Smoke is seen coming from a warehouse at {facility} where mixed cargo is stored. The fire alarm sounds. Staff must raise the alarm, fight the fire only if it is safe, evacuate, account for everyone and meet the fire service.',
    objectives: [
      'Raise the alarm and call the fire service at once',
      'Evacuate the area and account for everyone within the muster target',
      'Use first-aid fire-fighting only where safe',
      'Brief the fire service on arrival with the cargo information',
    ],
    roles: ['commander', 'muster', 'operations', 'medical', 'comms'],
    phases: [
      alarm('fire in the warehouse'),
      {
        id: 'call-fire-service',
        title: 'Call the fire service',
        instructions: 'Call the emergency number with the exact location, what is burning and whether anyone is missing.',
        role: 'comms',
        weight: 0.08,
        checklist: ['Fire service called', 'Location and hazards given'],
      },
      {
        id: 'evacuate',
        title: 'Evacuate to the assembly point',
        instructions: 'Wardens sweep their zones, close doors behind them and lead everyone to the assembly point.',
        role: 'muster',
        weight: 0.18,
        checklist: ['Zones swept', 'Doors closed', 'Everyone led to the assembly point'],
      },
      {
        id: 'headcount',
        title: 'Account for everyone',
        instructions: 'Check names against the attendance list and visitors log; report anyone missing with their last known location.',
        role: 'muster',
        weight: 0.14,
        checklist: ['Headcount against the list', 'Visitors accounted for', 'Missing people reported'],
      },
      {
        id: 'first-aid-fire',
        title: 'Contain the fire if it is safe',
        instructions: 'Trained staff use extinguishers only on a small fire with a clear way out; otherwise close the doors and withdraw.',
        role: 'operations',
        weight: 0.12,
        checklist: ['Size-up done before acting', 'Way out kept behind the team'],
        minTeam: 5,
      },
      {
        id: 'brief-fire-service',
        title: 'Brief the fire service',
        instructions: 'Meet the fire service at the gate with the site plan, the cargo list with any dangerous goods, and the headcount.',
        role: 'commander',
        weight: 0.12,
        checklist: ['Site plan handed over', 'Dangerous goods list handed over', 'Headcount reported'],
      },
      debrief,
    ],
    injects: [
      {
        id: 'missing-worker',
        at: 0.35,
        title: 'A worker is missing',
        message: 'The headcount is one short: a forklift driver was last seen inside the warehouse.',
        role: 'muster',
      },
      {
        id: 'dangerous-goods',
        at: 0.55,
        title: 'Dangerous goods nearby',
        message: 'The cargo list shows class 3 flammable liquids in the next bay.',
        role: 'commander',
      },
      {
        id: 'injury',
        at: 0.7,
        title: 'Smoke inhalation',
        message: 'A worker at the assembly point is coughing and dizzy.',
        role: 'medical',
        minTeam: 5,
      },
    ],
    regulations: ['isps_b18_5', 'ism_emergency'],
    musterMinutes: 8,
    minutes: 45,
  },
  evacuation: {
    scenario: 'evacuation',
    name: 'Full evacuation and muster',
    type: 'drill',
    narrative:
      'The general alarm sounds at {facility} for a full evacuation. Everyone must leave by the nearest safe route and report to their assembly point, where wardens account for every person within the muster target.',
    objectives: [
      'Everyone reaches an assembly point within the muster target',
      'Every person is accounted for against the attendance records',
      'Wardens sweep their zones and report them clear',
      'People with reduced mobility are helped out safely',
    ],
    roles: ['commander', 'muster', 'security', 'medical', 'comms'],
    phases: [
      {
        id: 'general-alarm',
        title: 'Sound the general alarm',
        instructions: 'Sound the general alarm and announce the evacuation on the public address and the radio.',
        role: 'comms',
        weight: 0.06,
        checklist: ['Alarm sounded', 'Announcement made', 'Time of the alarm logged'],
      },
      {
        id: 'sweep',
        title: 'Wardens sweep their zones',
        instructions: 'Each warden checks every room of their zone, including toilets and stores, and reports the zone clear.',
        role: 'muster',
        weight: 0.22,
        checklist: ['Every zone swept', 'Every zone reported clear', 'Doors closed behind'],
      },
      {
        id: 'assist',
        title: 'Help people with reduced mobility',
        instructions: 'Buddies take people with reduced mobility to the refuge points or out by the planned route.',
        role: 'medical',
        weight: 0.12,
        checklist: ['Personal evacuation plans followed', 'Refuge points checked'],
        minTeam: 6,
      },
      {
        id: 'muster',
        title: 'Muster and account for everyone',
        instructions:
          'At each assembly point, check names against the roster, visitors log and contractors list; report totals to the control point.',
        role: 'muster',
        weight: 0.2,
        checklist: ['Roster checked', 'Visitors and contractors checked', 'Totals reported to the control point'],
      },
      {
        id: 'gate-control',
        title: 'Keep the gates for emergency services',
        instructions: 'Stop all traffic entering, keep the access route clear and be ready to guide emergency vehicles.',
        role: 'security',
        weight: 0.1,
        checklist: ['Entry stopped', 'Access route clear'],
        minTeam: 5,
      },
      debrief,
    ],
    injects: [
      {
        id: 'blocked-exit',
        at: 0.2,
        title: 'Exit route blocked',
        message: 'The main stairway of the administration building is blocked by smoke: use the alternative route.',
        role: 'muster',
      },
      {
        id: 'visitor-missing',
        at: 0.5,
        title: 'A visitor is not accounted for',
        message: 'The visitors log shows a contractor signed in at 08:40 who is not at any assembly point.',
        role: 'muster',
      },
    ],
    regulations: ['solas_muster', 'isps_b18_5'],
    musterMinutes: 10,
    minutes: 40,
  },
  man_overboard: {
    scenario: 'man_overboard',
    name: 'Person in the water at the berth',
    type: 'drill',
    narrative:
      'A mooring worker falls between the quay and a ship alongside {facility}. A colleague sees it happen. The team must keep sight of the person, raise the alarm, recover them safely and give first aid.',
    objectives: [
      'Keep the person in sight and mark the position at once',
      'Raise the alarm and stop ship and crane movements nearby',
      'Recover the person with the rescue equipment without creating a second casualty',
      'Give first aid for cold water and hand over to the ambulance',
    ],
    roles: ['commander', 'operations', 'medical', 'comms'],
    phases: [
      {
        id: 'shout-point',
        title: 'Shout, point and throw a lifebuoy',
        instructions: 'The witness shouts "man overboard", keeps pointing at the person and throws the nearest lifebuoy.',
        role: null,
        weight: 0.08,
        checklist: ['Person kept in sight', 'Lifebuoy thrown'],
      },
      {
        id: 'stop-operations',
        title: 'Stop movements near the berth',
        instructions: 'Stop crane, vehicle and propeller movements near the position and inform the ship and the harbour master.',
        role: 'operations',
        weight: 0.14,
        checklist: ['Cranes stopped', 'Ship informed', 'Harbour master informed'],
      },
      {
        id: 'recover',
        title: 'Recover the person',
        instructions: 'Use the quay ladder, recovery sling or rescue boat. Nobody enters the water without a lifejacket and a line.',
        role: 'operations',
        weight: 0.3,
        checklist: ['Rescuers wear lifejackets', 'Recovery equipment used', 'Person out of the water'],
      },
      {
        id: 'first-aid',
        title: 'Give first aid and call an ambulance',
        instructions: 'Keep the person horizontal, protect from cold, check breathing and call an ambulance.',
        role: 'medical',
        weight: 0.2,
        checklist: ['Ambulance called', 'Person kept horizontal and warm', 'Breathing checked'],
      },
      debrief,
    ],
    injects: [
      {
        id: 'lost-sight',
        at: 0.25,
        title: 'Lost from sight',
        message: 'The person drifts under the quay and out of sight of the witness.',
        role: 'operations',
      },
      {
        id: 'ship-moving',
        at: 0.45,
        title: 'Ship about to move',
        message: 'The pilot is aboard and the ship is about to start its engines.',
        role: 'comms',
      },
    ],
    regulations: ['solas_muster', 'ism_emergency'],
    musterMinutes: null,
    minutes: 30,
  },
  oil_spill: {
    scenario: 'oil_spill',
    name: 'Oil spill during bunkering',
    type: 'drill',
    narrative:
      'A hose fails during bunkering at {facility} and fuel oil spills onto the quay and into the water. The team must stop the transfer, contain the spill, protect people and report to the authorities.',
    objectives: [
      'Stop the transfer at once and make the area safe',
      'Contain the oil on the quay and on the water',
      'Report the spill to the authorities with the required details',
      'Record quantities, times and actions for the report',
    ],
    roles: ['commander', 'environment', 'operations', 'comms'],
    phases: [
      {
        id: 'stop-transfer',
        title: 'Stop the transfer',
        instructions: 'Stop the pumps on both sides, close the valves and remove ignition sources.',
        role: 'operations',
        weight: 0.1,
        checklist: ['Pumps stopped', 'Valves closed', 'Ignition sources removed'],
      },
      {
        id: 'contain-quay',
        title: 'Contain the oil on the quay',
        instructions: 'Use the spill kit to block drains and absorb the oil on the quay.',
        role: 'environment',
        weight: 0.18,
        checklist: ['Drains blocked', 'Absorbents used', 'Waste bagged'],
      },
      {
        id: 'boom',
        title: 'Deploy booms on the water',
        instructions: 'Deploy the containment boom around the ship and the spill; call the oil spill contractor.',
        role: 'environment',
        weight: 0.24,
        checklist: ['Boom deployed', 'Contractor called'],
        minTeam: 5,
      },
      {
        id: 'report',
        title: 'Report to the authorities',
        instructions:
          'Report the spill to the harbour master and the coastal state with the time, product, estimated quantity and actions taken.',
        role: 'comms',
        weight: 0.14,
        checklist: ['Harbour master informed', 'Coastal state informed', 'Estimated quantity reported'],
      },
      debrief,
    ],
    injects: [
      {
        id: 'wind-change',
        at: 0.4,
        title: 'Wind changes',
        message: 'The wind turns onshore and the slick moves towards the marina.',
        role: 'environment',
      },
      {
        id: 'worker-slips',
        at: 0.6,
        title: 'A worker slips on the oil',
        message: 'A worker slips on the oily quay and hurts their wrist.',
        role: 'commander',
      },
    ],
    regulations: ['marpol_sopep', 'ism_emergency'],
    musterMinutes: null,
    minutes: 60,
  },
  cyber_incident: {
    scenario: 'cyber_incident',
    name: 'Ransomware on the terminal operating system',
    type: 'tabletop',
    narrative:
      'Screens at {facility} show a ransom note. The terminal operating system and the gate system stop working; paper procedures must take over. The team must contain the attack, keep operations safe, communicate and decide on recovery.',
    objectives: [
      'Isolate affected systems quickly without destroying evidence',
      'Keep operations and security safe on manual procedures',
      'Inform the authorities, insurers and customers as the plan requires',
      'Recover from clean backups within the recovery time objective',
    ],
    roles: ['commander', 'it', 'operations', 'security', 'comms'],
    phases: [
      {
        id: 'detect',
        title: 'Report and assess the attack',
        instructions: 'Staff report the ransom note to the IT lead, who confirms the scope: which systems, which sites, since when.',
        role: 'it',
        weight: 0.12,
        checklist: ['First report logged', 'Affected systems listed'],
      },
      {
        id: 'isolate',
        title: 'Isolate affected systems',
        instructions: 'Disconnect affected systems from the network; keep them powered for the investigation.',
        role: 'it',
        weight: 0.16,
        checklist: ['Affected systems disconnected', 'Evidence preserved'],
      },
      {
        id: 'manual-ops',
        title: 'Switch to manual procedures',
        instructions: 'Run the gates and the yard on the paper procedures; check every truck against the paper list.',
        role: 'operations',
        weight: 0.18,
        checklist: ['Paper procedures issued', 'Gate checks by hand in place'],
      },
      {
        id: 'security-check',
        title: 'Check that security measures still work',
        instructions: 'Confirm access control, cameras and alarms still work; post guards where they do not.',
        role: 'security',
        weight: 0.1,
        checklist: ['Access control checked', 'Guards posted where needed'],
        minTeam: 5,
      },
      {
        id: 'notify',
        title: 'Notify authorities and partners',
        instructions: 'Notify the national cyber authority, the insurer and key customers as the plan requires; agree the public message.',
        role: 'comms',
        weight: 0.14,
        checklist: ['Cyber authority notified', 'Insurer notified', 'Public message agreed'],
      },
      {
        id: 'recovery',
        title: 'Decide on recovery',
        instructions: 'Decide how to restore from backups, in which order, and when to reconnect, against the recovery time objectives.',
        role: 'commander',
        weight: 0.14,
        checklist: ['Backups confirmed clean', 'Restore order decided'],
      },
      debrief,
    ],
    injects: [
      {
        id: 'ransom-deadline',
        at: 0.3,
        title: 'Ransom deadline',
        message: 'A second note demands payment within 24 hours and threatens to publish customer data.',
        role: 'commander',
      },
      {
        id: 'backup-infected',
        at: 0.55,
        title: 'Backups affected',
        message: 'The IT lead finds that last night’s backup is also encrypted.',
        role: 'it',
      },
      {
        id: 'customer-call',
        at: 0.75,
        title: 'A shipping line calls',
        message: 'A shipping line asks whether its vessel can berth tonight as planned.',
        role: 'comms',
        minTeam: 6,
      },
    ],
    regulations: ['iso_22301', 'isps_b18_6'],
    musterMinutes: null,
    minutes: 90,
  },
  custom: {
    scenario: 'custom',
    name: 'Emergency response exercise',
    type: 'tabletop',
    narrative:
      'An emergency at {facility} tests the emergency plan from the first report to the stand-down. Adapt the steps and injects to the situation you want to exercise.',
    objectives: [
      'Activate the emergency plan and the command structure',
      'Communicate clearly inside the team and with outside agencies',
      'Make and record decisions with the information available',
    ],
    roles: ['commander', 'operations', 'comms', 'security'],
    phases: [
      alarm('first report of the emergency'),
      {
        id: 'activate-plan',
        title: 'Activate the emergency plan',
        instructions: 'The commander takes charge, sets up the control point and gives each position its task.',
        role: 'commander',
        weight: 0.18,
        checklist: ['Control point set up', 'Tasks given to each position'],
      },
      {
        id: 'respond',
        title: 'Respond to the emergency',
        instructions: 'Positions carry out the response actions of the plan and report progress to the control point.',
        role: 'operations',
        weight: 0.34,
        checklist: ['Response actions carried out', 'Progress reported'],
      },
      {
        id: 'external',
        title: 'Communicate with outside agencies',
        instructions: 'Inform the authorities and partners named in the plan, with what is known and what is being done.',
        role: 'comms',
        weight: 0.14,
        checklist: ['Authorities informed', 'Partners informed'],
      },
      debrief,
    ],
    injects: [
      {
        id: 'escalation',
        at: 0.4,
        title: 'The situation gets worse',
        message: 'The situation escalates beyond what the first response can handle.',
        role: 'commander',
      },
    ],
    regulations: ['isps_b18_6', 'iso_22301'],
    musterMinutes: null,
    minutes: 60,
  },
};
