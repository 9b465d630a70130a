import { ATTACHMENT_FIELD, type AttachmentType } from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
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

/**
 * Reads the one file of a multipart request (field `file`, @fastify/multipart registered in
 * `setupHttp`) into memory, refusing a missing, too large or disallowed file with a domain
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
    const part = await request.file({ limits: { fileSize: options.maxBytes, files: 1, fields: 10, parts: 20 }, throwFileSizeLimit: true });
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
