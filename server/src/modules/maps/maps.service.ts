import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  MAP_IMAGE_MAX_BYTES,
  MAP_IMAGE_TYPES,
  postingLocations,
  type LanguageCode,
  type MapContent,
  type MapDetail,
  type MapImage,
  type MapSummary,
  type MapVersion,
  type MemberPrincipal,
  type MusterPoint,
  type OrgPrincipal,
  type SaveMapRequest,
} from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { DomainError } from '../../platform/errors/domain-error.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import { readUpload } from '../../platform/storage/upload.js';
import { isUuid, tenant } from '../../platform/tenancy/tenant-scope.js';
import { withinOrganisation } from '../../platform/tenancy/tenant-check.js';
import { UsageService } from '../usage/usage.service.js';
import { EmergencyMapImageRow, EmergencyMapRow, EmergencyMapVersionRow } from './entities/emergency-map.entity.js';
import { imageSize } from './image-size.js';
import { renderPosters } from './poster-pdf.js';

const mapNotFound = () => new DomainError('NOT_FOUND', 'maps.notFound');

function detailOf(map: EmergencyMapRow, version: EmergencyMapVersionRow): MapDetail {
  return {
    id: map.id,
    version: version.version,
    currentVersion: map.currentVersion,
    content: version.content,
    savedAt: version.createdAt.toISOString(),
    savedByName: version.savedByName,
  };
}

/**
 * Emergency maps: every save is a new version (the earlier ones are never changed); background
 * images are counted against the organisation's storage; "you are here" symbols are the posting
 * locations (one poster each); named assembly points are the drill console's check-in points.
 * Every member reads and exports; MANAGER and above write (the controller's rank).
 */
@Injectable()
export class MapsService {
  constructor(
    @InjectRepository(EmergencyMapRow) private readonly maps: Repository<EmergencyMapRow>,
    @InjectRepository(EmergencyMapVersionRow) private readonly versionRows: Repository<EmergencyMapVersionRow>,
    @InjectRepository(EmergencyMapImageRow) private readonly images: Repository<EmergencyMapImageRow>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: StorageService,
    private readonly usage: UsageService,
  ) {}

  async list(principal: OrgPrincipal): Promise<{ items: MapSummary[] }> {
    const maps = await tenant(this.maps, principal).find({}, { updatedAt: 'DESC' });
    if (maps.length === 0) return { items: [] };
    const newest = await this.versionRows
      .createQueryBuilder('v')
      .innerJoin(EmergencyMapRow, 'm', 'm.id = v.map_id AND m.org_id = v.org_id AND m.current_version = v.version')
      .where('v.org_id = :orgId', { orgId: principal.orgId })
      .getMany();
    const byMap = new Map(newest.map((v) => [v.mapId, v]));
    return {
      items: maps.map((m) => {
        const content = byMap.get(m.id)?.content;
        return {
          id: m.id,
          name: m.name,
          version: m.currentVersion,
          symbolCount: content?.symbols.length ?? 0,
          postingLocations: content ? postingLocations(content).length : 0,
          validUntil: content?.validUntil ?? null,
          updatedAt: m.updatedAt.toISOString(),
        };
      }),
    };
  }

  async create(principal: MemberPrincipal, content: MapContent): Promise<MapDetail> {
    await this.checkBackground(principal, content);
    return withinOrganisation(principal.orgId, () =>
      this.dataSource.transaction(async (tx) => {
        const map = await tx.save(tx.create(EmergencyMapRow, { orgId: principal.orgId, name: content.name, currentVersion: 1 }));
        const version = await this.addVersion(tx, principal, map, 1, content);
        return detailOf(map, version);
      }),
    );
  }

  /** Saves a new version on top of `baseVersion` (a newer one saved meanwhile: 409). */
  async save(principal: MemberPrincipal, id: string, request: SaveMapRequest & { content: MapContent }): Promise<MapDetail> {
    if (!isUuid(id)) throw mapNotFound();
    await this.checkBackground(principal, request.content);
    return withinOrganisation(principal.orgId, () =>
      this.dataSource.transaction(async (tx) => {
        const map = await tx.findOne(EmergencyMapRow, { where: { id, orgId: principal.orgId }, lock: { mode: 'pessimistic_write' } });
        if (!map) throw mapNotFound();
        if (map.currentVersion !== request.baseVersion) {
          throw new DomainError('VERSION_CONFLICT', 'maps.versionConflict', { current: map.currentVersion });
        }
        map.currentVersion += 1;
        map.name = request.content.name;
        await tx.save(map);
        const version = await this.addVersion(tx, principal, map, map.currentVersion, request.content);
        return detailOf(map, version);
      }),
    );
  }

  /** The newest version, or the one asked for. */
  async get(principal: OrgPrincipal, id: string, versionNumber?: number): Promise<MapDetail> {
    const map = await tenant(this.maps, principal).findOne(id);
    if (!map) throw mapNotFound();
    const wanted = versionNumber ?? map.currentVersion;
    const version = Number.isInteger(wanted)
      ? await this.versionRows.findOne({ where: { orgId: principal.orgId, mapId: map.id, version: wanted } })
      : null;
    if (!version) throw new DomainError('NOT_FOUND', 'maps.versionNotFound');
    return detailOf(map, version);
  }

  async versions(principal: OrgPrincipal, id: string): Promise<{ items: MapVersion[] }> {
    const map = await tenant(this.maps, principal).findOne(id);
    if (!map) throw mapNotFound();
    const rows = await this.versionRows.find({ where: { orgId: principal.orgId, mapId: map.id }, order: { version: 'DESC' } });
    return {
      items: rows.map((v) => ({
        version: v.version,
        savedAt: v.createdAt.toISOString(),
        savedByName: v.savedByName,
        symbolCount: v.content.symbols.length,
      })),
    };
  }

  /** Stores a background image (PNG or JPEG, MAP_IMAGE_MAX_BYTES at most), counted against storage (402 past the plan). */
  async uploadImage(principal: MemberPrincipal, request: FastifyRequest): Promise<MapImage> {
    const upload = await readUpload(request, { maxBytes: MAP_IMAGE_MAX_BYTES, allowed: MAP_IMAGE_TYPES });
    const size = imageSize(upload.body);
    if (!size) throw new DomainError('BAD_REQUEST', 'maps.imageUnreadable');
    const id = randomUUID();
    const storageKey = `maps/${principal.orgId}/images/${id}`;
    await this.storage.put(storageKey, upload.body, upload.contentType);
    try {
      const row = await withinOrganisation(principal.orgId, () =>
        this.dataSource.transaction(async (tx) => {
          const saved = await tx.save(
            tx.create(EmergencyMapImageRow, {
              id,
              orgId: principal.orgId,
              storageKey,
              contentType: upload.contentType,
              sizeBytes: upload.size,
              width: size.width,
              height: size.height,
              uploadedByUserId: principal.userId,
            }),
          );
          await this.usage.record(principal.orgId, 'storage', upload.size, { manager: tx, enforce: true });
          return saved;
        }),
      );
      return { id: row.id, width: row.width, height: row.height, contentType: row.contentType, sizeBytes: row.sizeBytes };
    } catch (err) {
      await this.storage.remove(storageKey).catch(() => undefined);
      throw err;
    }
  }

  async image(principal: OrgPrincipal, id: string): Promise<{ stream: Readable; size: number; contentType: string }> {
    const row = await tenant(this.images, principal).findOne(id);
    if (!row) throw new DomainError('NOT_FOUND', 'maps.imageNotFound');
    const file = await this.storage.read(row.storageKey);
    return { stream: file.stream, size: file.size, contentType: row.contentType };
  }

  /** The named assembly points of every map's newest version: the drill console's check-in points. */
  async listMusterPoints(principal: Pick<OrgPrincipal, 'orgId'>): Promise<MusterPoint[]> {
    const newest = await this.versionRows
      .createQueryBuilder('v')
      .innerJoin(EmergencyMapRow, 'm', 'm.id = v.map_id AND m.org_id = v.org_id AND m.current_version = v.version')
      .where('v.org_id = :orgId', { orgId: principal.orgId })
      .orderBy('m.name', 'ASC')
      .getMany();
    return newest.flatMap((v) =>
      v.content.symbols
        .filter((s) => s.type === 'assembly-point' && s.label.trim() !== '')
        .map((s) => ({ mapId: v.mapId, pointId: s.id, name: s.label.trim() })),
    );
  }

  /** A muster point of the organisation's maps by map and point id (the console's check-in point), or a 400. */
  async musterPoint(principal: Pick<OrgPrincipal, 'orgId'>, mapId: string, pointId: string): Promise<MusterPoint> {
    const point = (await this.listMusterPoints(principal)).find((p) => p.mapId === mapId && p.pointId === pointId);
    if (!point) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'maps.musterPointNotFound',
        {},
        {
          fields: { musterPoint: { reason: 'maps.musterPointNotFound', params: {} } },
        },
      );
    }
    return point;
  }

  /** The posters PDF of a map version (the render queue's `map-posters-pdf`). */
  async posters(
    principal: OrgPrincipal,
    id: string,
    version: number | undefined,
    language: LanguageCode,
  ): Promise<{ body: Buffer; fileName: string }> {
    const detail = await this.get(principal, id, version);
    const { content } = detail;
    let image: Buffer | null = null;
    if (content.background.kind === 'image') {
      const row = await tenant(this.images, principal).findOne(content.background.imageId);
      if (row) image = await streamToBuffer((await this.storage.read(row.storageKey)).stream);
    }
    const body = await renderPosters({ content, version: detail.version, language, image });
    const slug =
      content.name
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase() || 'map';
    return { body, fileName: `muster-map-${slug}-v${detail.version}-${language}.pdf` };
  }

  private async addVersion(
    tx: EntityManager,
    principal: MemberPrincipal,
    map: EmergencyMapRow,
    version: number,
    content: MapContent,
  ): Promise<EmergencyMapVersionRow> {
    return tx.save(
      tx.create(EmergencyMapVersionRow, {
        orgId: principal.orgId,
        mapId: map.id,
        version,
        content,
        savedByUserId: principal.userId,
        savedByName: principal.name,
      }),
    );
  }

  /** A map's background image must be one of the organisation's. */
  private async checkBackground(principal: OrgPrincipal, content: MapContent): Promise<void> {
    if (content.background.kind !== 'image') return;
    const row = await tenant(this.images, principal).findOne(content.background.imageId);
    if (!row) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'maps.unknownImage',
        {},
        {
          fields: { 'content.background.imageId': { reason: 'maps.unknownImage', params: {} } },
        },
      );
    }
  }
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
