import type { MapContent, Role } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { EmergencyMapRow, EmergencyMapVersionRow } from '../modules/maps/entities/emergency-map.entity.js';

/** The demo organisation's site map: a blank grid, the quay's exits, equipment, two posting locations and two named muster points. */
export const DEMO_SITE_MAP: MapContent = {
  name: 'Berth 4 terminal — site plan',
  width: 1200,
  height: 800,
  background: { kind: 'grid', gridSize: 40 },
  symbols: [
    { id: 'exit-gate', type: 'emergency-exit', x: 1120, y: 400, rotation: 0, size: 60, label: 'Gate B' },
    { id: 'route-quay', type: 'escape-route', x: 840, y: 400, rotation: 0, size: 50, label: '' },
    { id: 'route-north', type: 'escape-route', x: 560, y: 200, rotation: 270, size: 50, label: '' },
    { id: 'muster-a', type: 'assembly-point', x: 1040, y: 120, rotation: 0, size: 70, label: 'Muster point A — car park' },
    { id: 'muster-b', type: 'assembly-point', x: 160, y: 680, rotation: 0, size: 70, label: 'Muster point B — quay apron' },
    { id: 'first-aid', type: 'first-aid', x: 360, y: 240, rotation: 0, size: 50, label: 'Gatehouse' },
    { id: 'ext-1', type: 'fire-extinguisher', x: 460, y: 520, rotation: 0, size: 45, label: '' },
    { id: 'ext-2', type: 'fire-extinguisher', x: 760, y: 600, rotation: 0, size: 45, label: '' },
    { id: 'alarm-1', type: 'fire-alarm', x: 620, y: 520, rotation: 0, size: 45, label: '' },
    { id: 'here-gatehouse', type: 'you-are-here', x: 300, y: 300, rotation: 0, size: 50, label: 'Gatehouse lobby' },
    { id: 'here-warehouse', type: 'you-are-here', x: 700, y: 660, rotation: 0, size: 50, label: 'Warehouse 2 entrance' },
  ],
  validUntil: '2027-11-30',
  reviewedBy: 'Port facility security officer',
};

/** One site map (version 1, by the manager) for the demo organisation. */
export async function seedMaps(tx: EntityManager, orgId: string, people: ReadonlyMap<Role, { id: string; name: string }>): Promise<void> {
  const author = people.get('MANAGER');
  const map = await tx.save(tx.create(EmergencyMapRow, { orgId, name: DEMO_SITE_MAP.name, currentVersion: 1 }));
  await tx.save(
    tx.create(EmergencyMapVersionRow, {
      orgId,
      mapId: map.id,
      version: 1,
      content: DEMO_SITE_MAP,
      savedByUserId: author?.id ?? null,
      savedByName: author?.name ?? 'Muster',
    }),
  );
}
