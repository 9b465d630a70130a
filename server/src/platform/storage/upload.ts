import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import { ATTACHMENT_FIELD, type AttachmentType } from '@muster/contracts';
import type { FastifyInstance, FastifyPluginCallback, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';
import { cleanFilename, detectFileType } from './file-type.js';

export interface UploadOptions {
  /** Largest accepted file in bytes (larger: 413 FILE_TOO_LARGE). */
  maxBytes: number;
  /** Types accepted, as detected from the content (others: 400 FILE_TYPE_NOT_ALLOWED). */
  allowed: readonly AttachmentType[];
}

export interface Upload {
  filename: string;
  /** The type read from the file's content, not the one the client claimed. */
  contentType: AttachmentType;
  size: number;
  body: Buffer;
}

function codeOf(err: unknown): string | undefined {
  return err && typeof err === 'object' && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}

/** The hooks @fastify/multipart adds to every request: they only delete the temporary files of its disk mode. */
const DISK_MODE_HOOKS: ReadonlySet<string> = new Set(['onRequest', 'onResponse']);
/** Its disk mode itself, refused (its files would never be deleted without those hooks). */
const DISK_MODE_DECORATORS: ReadonlySet<string> = new Set(['saveRequestFiles', 'cleanRequestFiles']);

function diskModeRefused(): never {
  throw new Error('@fastify/multipart disk mode is not available in Muster: read uploads with readUpload');
}

/**
 * @fastify/multipart in stream mode only, which is all `readUpload` uses (one file, into memory).
 * The plugin adds an async onRequest hook (a 'close' listener on every response) and an async
 * onResponse hook to every request of the application, GETs included, only to delete the files of
 * its disk mode (`saveRequestFiles`); they took about a tenth of a small API answer. This registers
 * the plugin as it is — its content-type parser, its decorators, its parsing — without those two
 * hooks, and with the disk-mode decorators throwing.
 */
export const streamingMultipart: FastifyPluginCallback<FastifyMultipartOptions> = Object.assign(
  (fastify: FastifyInstance, options: FastifyMultipartOptions, done: (err?: Error) => void) => {
    const streamOnly: FastifyInstance = new Proxy(fastify, {
      get(target, property) {
        if (property === 'addHook') {
          return (name: string, hook: unknown) => {
            if (!DISK_MODE_HOOKS.has(name)) (target.addHook as (name: string, hook: unknown) => unknown)(name, hook);
            return streamOnly;
          };
        }
        if (property === 'decorateRequest') {
          return (name: string, value: unknown) => {
            target.decorateRequest(name, DISK_MODE_DECORATORS.has(name) ? diskModeRefused : value);
            return streamOnly;
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    (multipart as FastifyPluginCallback<FastifyMultipartOptions>)(streamOnly, options, done);
  },
  // Like fastify-plugin (as @fastify/multipart itself is): its parser and decorators belong to the
  // context it is registered in, not to a child one.
  { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: 'muster-streaming-multipart' },
);

/**
 * Reads the one file of a multipart request (field `file`, @fastify/multipart registered in
 * `setupHttp` through `streamingMultipart`) into memory, refusing a missing, too large or disallowed file with a domain
 * error (400/413), never a 500. The type comes from the file's magic bytes.
 */
export async function readUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload> {
  if (!request.isMultipart()) throw new DomainError('FILE_REQUIRED', 'attachment.notMultipart');
  const megabytes = Math.round((options.maxBytes / (1024 * 1024)) * 10) / 10;
  const tooLarge = () =>
    new DomainError(
      'FILE_TOO_LARGE',
      'attachment.tooLarge',
      { megabytes },
      {
        fields: { [ATTACHMENT_FIELD]: { reason: 'attachment.tooLarge', params: { megabytes } } },
      },
    );
  let body: Buffer;
  let claimedName: string | undefined;
  try {
    // One byte over the limit is read: should busboy's truncation not be reported (it was seen not
    // to be, now and then, under load), a file cut at the limit would pass as one exactly at it.
    const part = await request.file({
      limits: { fileSize: options.maxBytes + 1, files: 1, fields: 10, parts: 20 },
      throwFileSizeLimit: true,
    });
    if (!part || part.fieldname !== ATTACHMENT_FIELD) {
      part?.file.resume();
      throw new DomainError('FILE_REQUIRED', 'attachment.missing', { [ATTACHMENT_FIELD]: 'attachment.missing' });
    }
    claimedName = part.filename;
    body = await part.toBuffer();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const code = codeOf(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new DomainError('BAD_REQUEST', 'common.oneFileAtATime');
    }
    if (code?.startsWith('FST_') || (err instanceof Error && /multipart|boundary/i.test(err.message))) {
      throw new DomainError('BAD_REQUEST', 'common.uploadUnreadable');
    }
    throw err;
  }
  if (body.length === 0) {
    throw new DomainError('FILE_REQUIRED', 'attachment.missing', { [ATTACHMENT_FIELD]: 'attachment.missing' });
  }
  if (body.length > options.maxBytes) throw tooLarge();
  const contentType = detectFileType(body);
  if (!contentType || !options.allowed.includes(contentType)) {
    throw new DomainError('FILE_TYPE_NOT_ALLOWED', 'attachment.notAllowed', { [ATTACHMENT_FIELD]: 'attachment.notAllowed' });
  }
  return { filename: cleanFilename(claimedName, contentType), contentType, size: body.length, body };
}
